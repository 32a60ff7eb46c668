import { randomBytes } from 'node:crypto';
import { log } from '../log';
import { startRedisServer, type RedisServerHandle } from './embedded';

export type Backoff = {
  /** The wait before the first restart after a crash. */
  firstMs: number;
  /** Each further crash doubles the wait, up to this. */
  maxMs: number;
  /** Up this long, a server is healthy again: the next crash starts from the first wait. */
  stableMs: number;
};

export const DEFAULT_BACKOFF: Backoff = { firstMs: 200, maxMs: 5_000, stableMs: 10_000 };

export type SupervisedRedis = { url: string; port: number; pid(): number; stop(): Promise<void> };

/**
 * The embedded redis-server, kept alive: when it dies it is started again on the same port
 * (ioredis reconnects by itself), after 200 ms, doubling up to 5 s while it keeps dying. With a
 * data folder it reloads its AOF, so a crash loses at most the last second of writes. It
 * requires a password made up at start (its url carries it).
 */
export async function superviseRedisServer(
  options: { dataDir?: string; backoff?: Backoff } = {},
): Promise<SupervisedRedis> {
  const { dataDir, backoff = DEFAULT_BACKOFF } = options;
  // Any local user can reach a loopback port: the server takes only clients that know this, made up at each start (it lives in REDIS_URL).
  const password = randomBytes(24).toString('base64url');
  let current: RedisServerHandle = await startRedisServer({ dataDir, password });
  const { port } = current;
  let stopping = false;
  let delay = backoff.firstMs;
  /** A restart under way: stop() waits for it, so no server it starts outlives stop(). */
  let restarting: Promise<void> | undefined;
  let wakeUp = () => {};

  const restart = async () => {
    while (!stopping) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wakeUp = () => (clearTimeout(timer), resolve());
      });
      delay = Math.min(delay * 2, backoff.maxMs);
      if (stopping) return;
      try {
        current = await startRedisServer({ dataDir, port, password });
        log.info({ port }, 'the embedded redis-server is back');
        return watch(current);
      } catch (error) {
        log.warn({ err: (error as Error).message, retryInMs: delay }, 'restarting the embedded redis-server failed');
      }
    }
  };

  const watch = (server: RedisServerHandle) => {
    const startedAt = Date.now();
    void server.exited.then(() => {
      if (stopping) return;
      if (Date.now() - startedAt > backoff.stableMs) delay = backoff.firstMs;
      log.warn({ port, retryInMs: delay }, 'the embedded redis-server died; restarting it');
      const run = restart().finally(() => {
        if (restarting === run) restarting = undefined;
      });
      restarting = run;
    });
  };
  watch(current);

  return {
    url: current.url,
    port,
    pid: () => current.pid,
    async stop() {
      stopping = true;
      wakeUp();
      await restarting;
      await current.stop();
    },
  };
}
