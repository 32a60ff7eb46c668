import { defaultLiveEventsContext } from '../lib/live-events/context';
import { seedDemoProjects } from '../lib/projects/seed';
import { closeRedis, getRedis, waitUntilReady } from '../lib/redis/client';

/** `npm run seed`: loads the demo projects into REDIS_URL. Idempotent. */
async function main() {
  await waitUntilReady(getRedis());
  const { created } = await seedDemoProjects(defaultLiveEventsContext());
  console.log(created.length ? `Seeded: ${created.join(', ')}` : 'Demo projects already there; nothing to do.');
  await closeRedis();
}

void main();
