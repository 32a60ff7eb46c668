import { z } from 'zod';
import { defaultLeaderboardContext } from '../lib/leaderboard';
import { defaultLiveEventsContext } from '../lib/live-events/context';
import { seedDemoProjects } from '../lib/simulator/demo-seed';
import { waitForReplicas } from '../lib/redis/acknowledged';
import { closeRedis, getRedis, waitUntilReady } from '../lib/redis/client';
import { seedDemoBoard } from '../lib/simulator/quiz-players';

/** How long the seed waits for a new cluster's replicas (SEED_WAIT_MS, default 2 minutes). */
const waitMs = z.coerce
  .number()
  .int()
  .min(0)
  .default(120_000)
  .parse(process.env.SEED_WAIT_MS || undefined);

/** `npm run seed`: loads the demo projects, and players on an empty leaderboard, into REDIS_URL or REDIS_CLUSTER_NODES. Idempotent. */
async function main() {
  const redis = getRedis();
  await waitUntilReady(redis);
  // A quiz score is acknowledged once a replica has it: on a new cluster, wait for their first sync.
  await waitForReplicas(redis, {
    timeoutMs: waitMs,
    onWaiting: () =>
      console.log(
        `Waiting for the cluster's replicas to finish their first sync (at most ${Math.round(waitMs / 1000)} s) …`,
      ),
  });
  const { created } = await seedDemoProjects(defaultLiveEventsContext());
  console.log(created.length ? `Seeded: ${created.join(', ')}` : 'Demo projects already there; nothing to do.');
  const players = await seedDemoBoard(defaultLeaderboardContext());
  if (players > 0) console.log(`Leaderboard seeded with ${players} simulated players.`);
  await closeRedis();
}

main().catch((error: Error) => {
  console.error(`seed failed: ${error.message}`);
  process.exit(1);
});
