import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isRunning } from '../lib/redis/embedded';
import { commandLine, descendants, runs } from './support/processes';

const TOKEN_LINE = /admin token \(Authorization: Bearer …\): (\S+)/;

test('npm run demo prints the admin token it made up, and serves the seeded site with simulated traffic; Ctrl-C leaves nothing running', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  // Its Redis keeps its data in a folder of the test's, not the checkout's data/redis (README).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crowdpulse-demo-'));
  const demo = spawn('npm', ['run', '--silent', 'demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
      REDIS_DATA_DIR: dataDir,
      ADMIN_TOKEN: '',
      VISITOR_SECRET: 'a-test-secret-of-at-least-thirty-two-chars',
      LOG_LEVEL: 'info',
    },
    detached: true, // a process group of its own, as a terminal's foreground job
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started: number[] = [];
  demo.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  demo.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 90_000 }).toContain('crowdpulse ready on');
    const token = TOKEN_LINE.exec(output)?.[1] ?? '';
    expect(token).toMatch(/^[\w-]{24,}$/);
    const remove = (bearer: string) =>
      fetch(`http://127.0.0.1:${port}/api/leaderboard/entries/no-such-entry`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${bearer}` },
      });
    // The printed token is the one the server takes: a missing entry, not a refusal.
    expect([(await remove(token)).status, (await remove(`${token}x`)).status]).toEqual([404, 401]);

    expect((await fetch(`http://127.0.0.1:${port}/en`)).status).toBe(200);
    const raised = async () => {
      const projects = (await (await fetch(`http://127.0.0.1:${port}/api/projects?limit=50`)).json()) as {
        raised: number;
      }[];
      return projects.reduce((sum, project) => sum + project.raised, 0);
    };
    const seeded = await raised();
    expect(seeded).toBeGreaterThan(0);
    // Nobody here writes: the simulator's contributions move the totals.
    await expect.poll(raised, { timeout: 60_000 }).toBeGreaterThan(seeded);

    started = descendants(demo.pid!);
    expect(started.map(commandLine).filter((command) => runs(command, 'redis-server'))).toHaveLength(1);

    process.kill(-demo.pid!, 'SIGINT'); // what Ctrl-C sends to the foreground process group
    await once(demo, 'exit');
    await expect.poll(() => started.filter(isRunning), { timeout: 60_000 }).toEqual([]);
  } finally {
    // On a failure above: Ctrl-C still, then a kill; and whatever it started and left, killed, so no run leaks it.
    if (demo.exitCode === null && demo.signalCode === null) {
      process.kill(-demo.pid!, 'SIGINT');
      const timer = setTimeout(() => process.kill(-demo.pid!, 'SIGKILL'), 15_000);
      await once(demo, 'exit');
      clearTimeout(timer);
    }
    for (const pid of started.filter(isRunning)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
