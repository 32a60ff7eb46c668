import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../lib/log';
import { canConnect, isRunning } from '../../lib/redis/embedded';
import { DEFAULT_BACKOFF, superviseRedisServer, type SupervisedRedis } from '../../lib/redis/supervised';
import { testConnection } from '../support';

/**
 * The waits the supervisor announces as it schedules each restart ("died; restarting it",
 * retryInMs): what it decided, which no load on the machine changes. A busy machine only makes
 * the measured wait longer, so the measured one is checked from below only.
 */
function announcedWaits(): { waits: () => number[]; died: () => Promise<void> } {
  const waits: number[] = [];
  let onDied = () => {};
  const warn = log.warn.bind(log);
  vi.spyOn(log, 'warn').mockImplementation(((fields: unknown, message?: string) => {
    if (message?.includes('died; restarting it')) {
      waits.push((fields as { retryInMs: number }).retryInMs);
      onDied();
    }
    return warn(fields as object, message);
  }) as typeof log.warn);
  return { waits: () => [...waits], died: () => new Promise<void>((resolve) => (onDied = resolve)) };
}

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

afterEach(() => void vi.restoreAllMocks());

// Its own redis-servers, whatever the topology: run once.
describe.runIf(testConnection().mode === 'single')(
  'the supervised embedded redis-server (lib/redis/supervised.ts)',
  () => {
    it('is started again after 200 ms, then 400 ms, then 800 ms while it keeps dying', async () => {
      expect(DEFAULT_BACKOFF).toEqual({ firstMs: 200, maxMs: 5_000, stableMs: 10_000 });
      const announced = announcedWaits();
      const redis = await superviseRedisServer();
      try {
        const waits: number[] = [];
        for (let i = 0; i < 3; i++) waits.push(await killAndTimeRestart(redis));
        expect(announced.waits()).toEqual([200, 400, 800]);
        [200, 400, 800].forEach((least, i) => expect(waits[i]).toBeGreaterThanOrEqual(least));
      } finally {
        await redis.stop();
      }
    });

    it('doubles the wait up to its cap, not beyond', { timeout: 30_000 }, async () => {
      const announced = announcedWaits();
      const redis = await superviseRedisServer({ backoff: { firstMs: 100, maxMs: 400, stableMs: 10_000 } });
      try {
        const waits: number[] = [];
        for (let i = 0; i < 6; i++) waits.push(await killAndTimeRestart(redis));
        // 100, 200, 400, then the cap: 400, 400, 400 (uncapped, the sixth would wait 3,200).
        expect(announced.waits()).toEqual([100, 200, 400, 400, 400, 400]);
        waits.forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(Math.min(100 * 2 ** i, 400)));
      } finally {
        await redis.stop();
      }
    });

    it('starts from the first wait again once a server stayed up', { timeout: 30_000 }, async () => {
      const backoff = { firstMs: 100, maxMs: 5_000, stableMs: 1_000 };
      const announced = announcedWaits();
      const redis = await superviseRedisServer({ backoff });
      try {
        for (let i = 0; i < 4; i++) await killAndTimeRestart(redis); // 100, 200, 400, 800: the next would be 1,600
        await sleep(backoff.stableMs + 200); // at least this long up: a busy machine only makes it longer
        await killAndTimeRestart(redis);
        expect(announced.waits()).toEqual([100, 200, 400, 800, 100]);
      } finally {
        await redis.stop();
      }
    });

    it('leaves nothing running when stopped, also while a restart is pending', async () => {
      const announced = announcedWaits();
      const redis = await superviseRedisServer({ backoff: { firstMs: 300, maxMs: 300, stableMs: 10_000 } });
      const first = redis.pid();
      const died = announced.died();
      process.kill(first, 'SIGKILL');
      await died; // the restart is scheduled, not yet run
      await redis.stop();
      await sleep(500); // past the restart that was pending
      expect(await canConnect(redis.port)).toBe(false);
      expect(isRunning(first)).toBe(false);

      const again = await superviseRedisServer();
      await again.stop();
      expect(await canConnect(again.port)).toBe(false);
      expect(isRunning(again.pid())).toBe(false);
    });
  },
);

describe('the embedded redis-server the app supervises', () => {
  it('takes only clients with its generated password, which its arguments do not show; a restart keeps it', async () => {
    const redis = await superviseRedisServer();
    try {
      const password = decodeURIComponent(new URL(redis.url).password);
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(`/proc/${redis.pid()}/cmdline`, 'utf8')).not.toContain(password);
      // A client's first words on a raw connection, with or without AUTH: what another local user could send.
      const ask = async (auth?: string) => {
        const socket = net.connect(redis.port, '127.0.0.1');
        socket.end(`${auth === undefined ? '' : `AUTH ${auth}\r\n`}PING\r\n`);
        let reply = '';
        for await (const chunk of socket) reply += String(chunk);
        return reply.trim().split('\r\n').at(-1);
      };
      expect(await ask()).toMatch(/NOAUTH/);
      expect(await ask(password)).toBe('+PONG');
      await killAndTimeRestart(redis);
      expect(await ask()).toMatch(/NOAUTH/);
      expect(await ask(password)).toBe('+PONG');
    } finally {
      await redis.stop();
    }
  });
});
