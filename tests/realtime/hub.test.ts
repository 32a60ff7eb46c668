import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { createSubscriber, type RedisClient } from '../../lib/redis/client';
import { connect, createProject, liveContext, testClock, testConnection } from '../support';
import { statusRecorder } from './support';

let redis: RedisClient;
let hub: RealtimeHub;
beforeAll(async () => {
  redis = await connect();
  hub = createRealtimeHub(statusRecorder().io, redis, createSubscriber(testConnection()));
});
afterAll(async () => {
  await hub.close();
  await redis.quit();
});

it("an instance watching one project receives that project's changes only, none of a busy other", async () => {
  const ctx = liveContext(redis, testClock());
  const [watched, busy] = await Promise.all([createProject(redis), createProject(redis)]);
  const received: string[] = [];
  const subscription = hub.subscribe(liveEventKeys(watched).changes, (message) => received.push(message));
  await subscription.ready;

  for (let i = 0; i < 50; i++) await recordContribution(busy, { name: `Busy ${i}`, amount: 1 }, ctx);
  await recordContribution(watched, { name: 'Watched', amount: 5 }, ctx);
  await expect.poll(() => received.length).toBe(1);
  // Nobody here listens to the busy project's channel: Redis had no subscriber to deliver its changes to.
  expect(await redis.spublish(liveEventKeys(busy).changes, 'probe')).toBe(0);
  expect(received.map((message) => (JSON.parse(message) as { slug: string }).slug)).toEqual([watched]);
  expect(hub.channels()).toEqual([liveEventKeys(watched).changes]);
  subscription.release();
});

it('subscribes a channel on its first handler and unsubscribes on its last release', async () => {
  const channel = liveEventKeys('ref-counted').changes;
  const received: string[] = [];
  const first = hub.subscribe(channel, (message) => received.push(`first ${message}`));
  const second = hub.subscribe(channel, (message) => received.push(`second ${message}`));
  await Promise.all([first.ready, second.ready]);
  first.release();
  await redis.spublish(channel, 'one');
  await expect.poll(() => received).toEqual(['second one']);
  second.release();
  expect(hub.channels()).not.toContain(channel);
  await expect.poll(async () => Number(await redis.spublish(channel, 'two'))).toBe(0);
});

it('a subscriber reset that moved nothing (ioredis resets its sharded subscribers when the slot map merely reads differently) resyncs no page', async () => {
  const recorder = statusRecorder();
  const own = createRealtimeHub(recorder.io, redis, createSubscriber(testConnection()));
  try {
    const slug = await createProject(redis);
    const moves: string[] = [];
    const subscription = own.subscribe(liveEventKeys(slug).changes, () => undefined, {
      interrupted: () => moves.push('interrupted'),
      resumed: () => moves.push('resumed'),
    });
    await subscription.ready;
    const settled = recorder.statuses.length;
    // Longer than two slot map refreshes (every 2 s): a fresh cluster subscriber resets once in them.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(moves).toEqual([]);
    expect(recorder.statuses.slice(settled)).toEqual([]);
    expect(subscription.live()).toBe(true);
    subscription.release();
  } finally {
    await own.close();
  }
});
