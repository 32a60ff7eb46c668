import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isRunning } from '../lib/redis/embedded';
import { commandLine, descendants, foregroundScript, ownRedisEnv, runs } from './support/processes';

const TOKEN_LINE = /admin token \(Authorization: Bearer …\): (\S+)/;

test('npm run demo prints the admin token it made up, and serves the seeded site with simulated traffic; Ctrl-C leaves nothing running', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  // Its Redis keeps its data in a folder of the test's, not the checkout's data/redis (README).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crowdpulse-demo-'));
  const demo = foregroundScript('demo', {
    ...ownRedisEnv(dataDir),
    PORT: String(port),
    ADMIN_TOKEN: '',
    LOG_LEVEL: 'info',
  });
  let started: number[] = [];
  try {
    await expect.poll(demo.output, { timeout: 90_000 }).toContain('crowdpulse ready on');
    const token = TOKEN_LINE.exec(demo.output())?.[1] ?? '';
    expect(token).toMatch(/^[\w-]{24,}$/);
    const remove = (bearer: string) =>
      fetch(`${site}/api/leaderboard/entries/no-such-entry`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${bearer}` },
      });
    // The printed token is the one the server takes: a missing entry, not a refusal.
    expect([(await remove(token)).status, (await remove(`${token}x`)).status]).toEqual([404, 401]);

    expect((await fetch(`${site}/en`)).status).toBe(200);
    const raised = async () => {
      const projects = (await (await fetch(`${site}/api/projects?limit=50`)).json()) as { raised: number }[];
      return projects.reduce((sum, project) => sum + project.raised, 0);
    };
    const seeded = await raised();
    expect(seeded).toBeGreaterThan(0);
    // Nobody here writes: the simulator's contributions move the totals.
    await expect.poll(raised, { timeout: 60_000 }).toBeGreaterThan(seeded);

    started = descendants(demo.pid);
    expect(started.map(commandLine).filter((command) => runs(command, 'redis-server'))).toHaveLength(1);
    await demo.interrupt();
    await expect.poll(() => started.filter(isRunning), { timeout: 60_000 }).toEqual([]);
  } finally {
    await demo.stop(started);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
