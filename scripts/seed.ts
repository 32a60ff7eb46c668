import { defaultLeaderboardContext } from '../lib/leaderboard';
import { defaultLiveEventsContext } from '../lib/live-events/context';
import { seedDemoProjects } from '../lib/projects/seed';
import { closeRedis, getRedis, waitUntilReady } from '../lib/redis/client';
import { seedDemoBoard } from '../lib/simulator/quiz-players';

/** `npm run seed`: loads the demo projects, and players on an empty leaderboard, into REDIS_URL or REDIS_CLUSTER_NODES. Idempotent. */
async function main() {
  await waitUntilReady(getRedis());
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
