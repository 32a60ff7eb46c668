import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, isRunning } from '../lib/redis/embedded';
import { commandLine, descendants, ownRedisEnv, runs } from './support/processes';

/**
 * `docker stop`, systemd and most process managers send SIGTERM to the process they started, here
 * npm, and to nothing else. npm passes it to its script's shell, which would die and leave the
 * server and its Redis running: each long-running script `exec`s its command, so the signal
 * reaches the server, which shuts down what it started.
 */
test('npm start, stopped as a process manager stops it (SIGTERM to npm alone), leaves nothing running', async () => {
  const port = await freePort();
  // npm start refuses a throwaway Redis: its embedded one keeps its data in a directory.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crowdpulse-start-'));
  const server = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      ...ownRedisEnv(dataDir),
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  let started: number[] = [];
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    started = descendants(server.pid!);
    expect(started.map(commandLine).filter((command) => runs(command, 'redis-server'))).toHaveLength(1);

    process.kill(server.pid!, 'SIGTERM');
    await once(server, 'exit');
    await expect.poll(() => started.filter(isRunning), { timeout: 10_000 }).toEqual([]);
  } finally {
    // On a failure above: nothing this test started may outlive it.
    // Its descendants are read before npm dies: a server still starting has not been listed yet.
    const all = [...new Set([...descendants(server.pid!), ...started, server.pid!])];
    for (const pid of all.filter(isRunning)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
