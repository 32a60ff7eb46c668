import { describe, expect, it } from 'vitest';
import { canConnect, isRunning } from '../../lib/redis/embedded';
import { DEFAULT_BACKOFF, superviseRedisServer, type SupervisedRedis } from '../../lib/redis/supervised';
import { testConnection } from '../support';

/** SIGKILLs the supervised server and answers how long until another one accepts connections on its port. */
async function killAndTimeRestart(redis: SupervisedRedis): Promise<number> {
  const dead = redis.pid();
  const killedAt = performance.now();
  process.kill(dead, 'SIGKILL');
  for (;;) {
    if (redis.pid() !== dead && (await canConnect(redis.port))) return performance.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Its own redis-servers, whatever the topology: run once.
describe.runIf(testConnection().mode === 'single')('the supervised embedded redis-server (lib/redis/supervised.ts)', () => {
  it('is started again after 200 ms, then 400 ms, then 800 ms while it keeps dying', async () => {
    expect(DEFAULT_BACKOFF).toEqual({ firstMs: 200, maxMs: 5_000, stableMs: 10_000 });
    const redis = await superviseRedisServer();
    try {
      const waits = [];
      for (let i = 0; i < 3; i++) waits.push(await killAndTimeRestart(redis));
      expect(waits[0]).toBeGreaterThanOrEqual(200);
      expect(waits[0]).toBeLessThan(1_500);
      expect(waits[1]).toBeGreaterThanOrEqual(400);
      expect(waits[2]).toBeGreaterThanOrEqual(800);
    } finally {
      await redis.stop();
    }
  });

  // Upper bounds carry a redis-server start, which takes half a second on a loaded 2-core box:
  // the timings are chosen so that a missing cap or reset misses them by more than that.
  it('doubles the wait up to its cap, not beyond', { timeout: 30_000 }, async () => {
    const redis = await superviseRedisServer({ backoff: { firstMs: 100, maxMs: 400, stableMs: 10_000 } });
    try {
      const waits = [];
      for (let i = 0; i < 6; i++) waits.push(await killAndTimeRestart(redis));
      // 100, 200, 400, then the cap: 400, 400, 400 (uncapped, the sixth would wait 3,200).
      waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(Math.min(100 * 2 ** i, 400)));
      expect(waits[5]).toBeLessThan(1_600);
    } finally {
      await redis.stop();
    }
  });

  it('starts from the first wait again once a server stayed up', { timeout: 30_000 }, async () => {
    const backoff = { firstMs: 100, maxMs: 5_000, stableMs: 1_000 };
    const redis = await superviseRedisServer({ backoff });
    try {
      for (let i = 0; i < 4; i++) await killAndTimeRestart(redis); // 100, 200, 400, 800: the next would be 1,600
      await sleep(backoff.stableMs + 200);
      expect(await killAndTimeRestart(redis)).toBeLessThan(1_000);
    } finally {
      await redis.stop();
    }
  });

  it('leaves nothing running when stopped, also while a restart is pending', async () => {
    const redis = await superviseRedisServer({ backoff: { firstMs: 300, maxMs: 300, stableMs: 10_000 } });
    const first = redis.pid();
    process.kill(first, 'SIGKILL');
    await sleep(50);
    await redis.stop();
    await sleep(500); // past the restart that was pending
    expect(await canConnect(redis.port)).toBe(false);
    expect(isRunning(first)).toBe(false);

    const again = await superviseRedisServer();
    await again.stop();
    expect(await canConnect(again.port)).toBe(false);
    expect(isRunning(again.pid())).toBe(false);
  });
});
