import { recordContribution } from '../lib/live-events';
import { liveEventKeys } from '../lib/live-events/keys';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { createSubscriber, type RedisClient, type RedisConnection } from '../lib/redis/client';
import { sampleProject } from '../tests/sample-project';
import type { FigureResult } from './report';
import { fmt, progress, sleep } from './support';

const PROJECTS = 500;
const WRITES = 10_000;

/** A subscriber like an instance's hub: SSUBSCRIBEd to the changes of `slugs`, counting what arrives. */
async function listener(connection: RedisConnection, slugs: string[]) {
  const subscriber = createSubscriber(connection);
  let received = 0;
  subscriber.on('smessage', () => received++);
  // Channels of one SSUBSCRIBE must share a slot: one call per project.
  await Promise.all(slugs.map((slug) => subscriber.ssubscribe(liveEventKeys(slug).changes)));
  return {
    received: () => received,
    close: () =>
      subscriber.quit().then(
        () => undefined,
        () => subscriber.disconnect(),
      ),
  };
}

/**
 * Fan-in: 500 busy projects on the cluster. An instance whose sockets watch one of them
 * subscribes to that project's channel only; the global-channel design delivered every change
 * to every instance, which is what a subscriber to all 500 channels receives in the same run.
 */
export async function measureFanIn(redis: RedisClient, connection: RedisConnection): Promise<FigureResult> {
  const slugs = Array.from({ length: PROJECTS }, (_, i) => `fan-in-${i}`);
  progress(`fan-in: ${PROJECTS} projects, ${fmt.int(WRITES)} contributions spread over them`);
  await Promise.all(slugs.map((slug) => saveProject(sampleProject(slug), Date.now(), redis)));
  const watchingOne = await listener(connection, [slugs[0]!]);
  const watchingAll = await listener(connection, slugs);
  try {
    const ctx = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
    for (let sent = 0; sent < WRITES; sent += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          recordContribution(slugs[(sent + i) % PROJECTS]!, { name: 'Fan', amount: 1 }, ctx),
        ),
      );
    }
    await sleep(500); // the last messages in flight
    const [one, all] = [watchingOne.received(), watchingAll.received()];
    return {
      details: [
        `${fmt.int(WRITES)} contributions over ${PROJECTS} projects on the cluster (100 in flight);`,
        `a subscriber to 1 project's channel received ${fmt.int(one)} messages, one to all ${PROJECTS} (= a global channel) ${fmt.int(all)}`,
      ],
      rows: [
        {
          figure: `fan-in: an instance watching 1 of ${PROJECTS} busy projects`,
          measured: `${fmt.int(one)} messages`,
          baseline: `${fmt.int(all)} (global channel)`,
          ratio: `${((one / all) * 100).toFixed(2)} %`,
          target: '≤ 1 %',
          met: one / all <= 0.01 && one > 0,
        },
      ],
    };
  } finally {
    await watchingOne.close();
    await watchingAll.close();
  }
}
