import { expect, test } from '@playwright/test';
import { INSTANCE_HEADER } from '../../lib/http/instance-header';
import { freePort, isRunning } from '../../lib/redis/embedded';
import { commandLine, descendants, foregroundScript, runs } from '../support/processes';

test('npm run demo:cluster serves the seeded site from both instances through HAProxy; Ctrl-C leaves nothing running', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const demo = foregroundScript('demo:cluster', {
    PORT: String(port),
    INSTANCES: '2',
    SIMULATE: '0',
    LOG_LEVEL: 'warn',
  });
  let started: number[] = [];
  try {
    await expect.poll(demo.output, { timeout: 90_000 }).toContain('crowdpulse at scale on');
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const projects = await fetch(`http://127.0.0.1:${port}/api/projects`);
      expect(projects.status).toBe(200);
      expect(((await projects.json()) as unknown[]).length).toBeGreaterThan(0);
      seen.add(projects.headers.get(INSTANCE_HEADER));
    }
    expect([...seen].sort()).toEqual(['instance-1', 'instance-2']);

    started = descendants(demo.pid);
    const commands = started.map(commandLine);
    expect(commands.filter((command) => runs(command, 'redis-server'))).toHaveLength(6);
    expect(commands.filter((command) => runs(command, 'haproxy'))).toHaveLength(1);

    await demo.interrupt();
    // npm may exit on the signal before the script behind it has stopped all it started (one at a
    // time, each given seconds to exit cleanly): the bound is for a process that never goes.
    await expect.poll(() => started.filter(isRunning), { timeout: 60_000 }).toEqual([]);
  } finally {
    await demo.stop(started);
  }
});
