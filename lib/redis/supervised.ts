import { mkdirSync } from 'node:fs';
import { log } from '../log';
import { startRedisServer, type RedisServerHandle } from './embedded';

const FIRST_DELAY_MS = 200;
const MAX_DELAY_MS = 5_000;
/** Up this long, a server is healthy again: the next crash starts from the first delay. */
const STABLE_MS = 10_000;

export type SupervisedRedis = { url: string; port: number; pid(): number; stop(): Promise<void> };

/**
 * The embedded redis-server, kept alive: when it dies it is started again on the same port
 * (ioredis reconnects by itself), after 200 ms, doubling up to 5 s while it keeps dying. With a
 * data folder it reloads its AOF, so a crash loses at most the last second of writes.
 */
export async function superviseRedisServer(options: { dataDir?: string } = {}): Promise<SupervisedRedis> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  let current: RedisServerHandle = await startRedisServer(options);
  const { port } = current;
  let stopping = false;
  let delay = FIRST_DELAY_MS;

  const watch = (server: RedisServerHandle) => {
    const startedAt = Date.now();
    void server.exited.then(async () => {
      if (stopping) return;
      if (Date.now() - startedAt > STABLE_MS) delay = FIRST_DELAY_MS;
      log.warn({ port, retryInMs: delay }, 'the embedded redis-server died; restarting it');
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, MAX_DELAY_MS);
        if (stopping) return;
        try {
          current = await startRedisServer({ ...options, port });
          if (stopping) return void (await current.stop());
          log.info({ port }, 'the embedded redis-server is back');
          return watch(current);
        } catch (error) {
          log.warn({ err: (error as Error).message, retryInMs: delay }, 'restarting the embedded redis-server failed');
        }
      }
    });
  };
  watch(current);

  return {
    url: current.url,
    port,
    pid: () => current.pid,
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}
