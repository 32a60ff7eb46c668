import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { createSubscriber, isCluster, type RedisClient } from '../../lib/redis/client';
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
  const subscriber = createSubscriber(testConnection());
  const own = createRealtimeHub(recorder.io, redis, subscriber);
  try {
    const slug = await createProject(redis);
    const moves: string[] = [];
    const heard: string[] = [];
    const subscription = own.subscribe(liveEventKeys(slug).changes, (message) => heard.push(message), {
      interrupted: () => moves.push('interrupted'),
      resumed: () => moves.push('resumed'),
    });
    await subscription.ready;
    const settled = recorder.statuses.length;
    // Two slot map refreshes of the subscriber (a fresh cluster subscriber resets once in them),
    // counted as they happen rather than waited for on the clock. One Redis has no slot map.
    if (isCluster(subscriber)) for (let i = 0; i < 2; i++) await once(subscriber, 'refresh');
    // Heard after them on the subscription: a reset they caused would have been announced first.
    await redis.spublish(liveEventKeys(slug).changes, 'after the refreshes');
    await expect.poll(() => heard).toContain('after the refreshes');
    expect(moves).toEqual([]);
    expect(recorder.statuses.slice(settled)).toEqual([]);
    expect(subscription.live()).toBe(true);
    subscription.release();
  } finally {
    await own.close();
  }
});
