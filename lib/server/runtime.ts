import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { refreshCreatorTotals } from '../creators/creator-totals-fold';
import { configuredFeed } from '../feed/config';
import { startFanoutWorkers } from '../feed/work';
import { stopBursts } from '../folding/burst';
import { foldingConfigFromEnv } from '../folding/config';
import { metricFolder } from '../folding/metric-events';
import { startFoldPoller } from '../folding/poller';
import { defaultLeaderboardContext } from '../leaderboard';
import { defaultLiveEventsContext } from '../live-events/context';
import { watchEnds } from '../live-events/campaign-end';
import { windowsFromEnv } from '../live-events/windows';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { instrumentRedis } from '../metrics/redis';
import { seedDemoProjects } from '../simulator/demo-seed';
import { checkLimitSettings } from '../limits/address-limits';
import { answerFloorMs } from '../quiz/scoring';
import { waitForReplicas } from '../redis/acknowledged';
import { closeRedis, connectionFromEnv, getRedis, waitUntilReady } from '../redis/client';
import { superviseRedisServer, type SupervisedRedis } from '../redis/supervised';
import { checkAdminToken, embeddedRedisDataDir } from './start-guards';
import { seedDemoBoard } from '../simulator/quiz-players';
import { startSimulator } from '../simulator/simulator';
import { timelineCapFromEnv } from '../timeline/config';
import { trustedProxies } from '../limits/trusted-proxy';
import { ensureVisitorSecret } from '../visitors/cookie';
import { publicOrigin } from '../http/public-origin';
import { checkSettings, setSetting, setting } from '../config';

export type Runtime = { stop(): Promise<void> };

/**
 * What server.ts needs before it serves: Redis (REDIS_URL, REDIS_CLUSTER_NODES, or a private
 * redis-server child), the admin token, and in the demo the demo seed and the traffic simulator. Both
 * module graphs of the process (server.ts and Next's bundle) read them from the environment.
 */
export async function startRuntime(): Promise<Runtime> {
  // A mistyped setting stops the start, one line each (lib/settings.ts); then the rules across settings.
  checkSettings();
  windowsFromEnv();
  checkLimitSettings();
  trustedProxies();
  timelineCapFromEnv();
  configuredFeed();
  foldingConfigFromEnv();
  answerFloorMs();
  ensureVisitorSecret();
  publicOrigin();
  const admin = checkAdminToken();
  let embedded: SupervisedRedis | undefined;
  if (!connectionFromEnv()) {
    // REDIS_DATA_DIR (the demo's data/redis) keeps the data across crashes and restarts.
    const dataDir = embeddedRedisDataDir();
    embedded = await superviseRedisServer({ dataDir });
    setSetting('REDIS_URL', embedded.url);
    log.info(
      { port: embedded.port, pid: embedded.pid(), dataDir: dataDir ?? 'none' },
      'started a private, supervised redis-server; set REDIS_URL or REDIS_CLUSTER_NODES to use your own',
    );
  }
  // Never logged: only the demos, which make one up, print it.
  if (admin === 'unset') log.warn('ADMIN_TOKEN is not set: the admin routes answer 401 to everyone');

  const redis = instrumentRedis(getRedis(), 'commands');
  await waitUntilReady(redis).catch((error: Error) =>
    log.warn({ err: error.message }, 'Redis is not reachable yet; answering 503 until it is'),
  );

  const ctx = defaultLiveEventsContext();
  if (setting('SEED_DEMO')) {
    // Seeded quiz scores wait for a replica: on a new cluster, let the replicas finish their first sync.
    await waitForReplicas(redis, {
      timeoutMs: 120_000,
      onWaiting: () => log.info("waiting for the cluster's replicas' first sync before seeding"),
    });
    const { created } = await seedDemoProjects(ctx);
    const players = await seedDemoBoard(defaultLeaderboardContext());
    log.info({ created, players }, 'demo projects and leaderboard seeded');
  }
  const simulator = setting('SIMULATE') ? startSimulator(ctx) : undefined;
  if (simulator) log.info('traffic simulator running (SIMULATE=0 turns it off)');
  // Every instance runs a poller; each shard is polled by the one holding its lease (claim-due.lua).
  const foldPoller = startFoldPoller(metricFolder(redis), {
    handle: refreshCreatorTotals(redis, ctx.windows.contributions),
    onPublished: (_fold, lagMs) => appMetrics().foldLag(lagMs / 1_000),
  });

  // Every instance announces the campaigns that end; the script makes each announcement once (lib/live-events/campaign-end.ts).
  const endWatch = watchEnds(ctx, (error) =>
    log.warn({ err: error.message }, 'announcing campaign ends failed; retrying next second'),
  );

  // Every instance fans out (a lease per project keeps two workers off one queue) and may sweep for lost marks (lib/feed/work.ts).
  const feedWorkers = startFanoutWorkers(
    { redis, config: configuredFeed(), now: Date.now },
    { consumer: `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}` },
  );

  return {
    async stop() {
      endWatch.stop();
      await feedWorkers.stop();
      stopBursts();
      await simulator?.stop();
      await foldPoller.stop();
      await closeRedis();
      await embedded?.stop();
    },
  };
}
