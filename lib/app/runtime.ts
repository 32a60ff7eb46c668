import { randomBytes } from 'node:crypto';
import { refreshCreatorTotals } from '../creators/metric-events';
import { foldingConfigFromEnv } from '../folding/config';
import { metricFolder } from '../folding/metric-events';
import { startFoldPoller } from '../folding/poller';
import { writesPerMinute } from '../http/rate-limit';
import { defaultLeaderboardContext } from '../leaderboard';
import { defaultLiveEventsContext } from '../live-events/context';
import { windowsFromEnv } from '../live-events/windows';
import { log } from '../log';
import { seedDemoProjects } from '../projects/seed';
import { closeRedis, connectionFromEnv, getRedis, waitUntilReady } from '../redis/client';
import { startRedisServer, type RedisServerHandle } from '../redis/embedded';
import { seedDemoBoard } from '../simulator/quiz-players';
import { startSimulator } from '../simulator/simulator';
import { timelineCapFromEnv } from '../timeline/config';

export type Runtime = { stop(): Promise<void> };

/**
 * What server.ts needs before it serves: Redis (REDIS_URL, REDIS_CLUSTER_NODES, or a private
 * redis-server child), the admin token, and in the demo the seed and the traffic simulator. Both
 * module graphs of the process (server.ts and Next's bundle) read them from the environment.
 */
export async function startRuntime(): Promise<Runtime> {
  // A mistyped setting stops the start with zod's message, not the first request that needs it.
  windowsFromEnv();
  writesPerMinute();
  timelineCapFromEnv();
  foldingConfigFromEnv();
  let embedded: RedisServerHandle | undefined;
  if (!connectionFromEnv()) {
    embedded = await startRedisServer();
    process.env.REDIS_URL = embedded.url;
    log.info({ url: embedded.url }, 'started a private redis-server (no persistence); set REDIS_URL or REDIS_CLUSTER_NODES to use your own');
  }
  if (!process.env.ADMIN_TOKEN) {
    process.env.ADMIN_TOKEN = randomBytes(18).toString('base64url');
    log.info(`admin token (Authorization: Bearer …): ${process.env.ADMIN_TOKEN}`);
  }

  const redis = getRedis();
  await waitUntilReady(redis).catch((error: Error) =>
    log.warn({ err: error.message }, 'Redis is not reachable yet; answering 503 until it is'),
  );

  const ctx = defaultLiveEventsContext();
  if (process.env.SEED_DEMO === '1') {
    const { created } = await seedDemoProjects(ctx);
    const players = await seedDemoBoard(defaultLeaderboardContext());
    log.info({ created, players }, 'demo projects and leaderboard seeded');
  }
  const simulator = process.env.SIMULATE === '1' ? startSimulator(ctx) : undefined;
  if (simulator) log.info('traffic simulator running (SIMULATE=0 turns it off)');
  // Every instance polls; the claim is atomic, so each fold is still published once.
  const foldPoller = startFoldPoller(metricFolder(redis), { handle: refreshCreatorTotals(redis, ctx.windows.contributions) });

  return {
    async stop() {
      await simulator?.stop();
      await foldPoller.stop();
      await closeRedis();
      await embedded?.stop();
    },
  };
}
