import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventKeys } from '../../lib/live-events/keys';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { createSubscriber, waitUntilReady, type RedisClient } from '../../lib/redis/client';
import { startRedisServer, type RedisServerHandle } from '../../lib/redis/embedded';
import { connect, testConnection, uniqueSlug } from '../support';
import { statusRecorder } from './support';

/**
 * The hub's subscriber talks to a redis-server of this file's own, which it freezes and whose
 * ACL it changes; the topology plays no part, so it runs in the "single" project only.
 */
describe.runIf(testConnection().mode === 'single')(
  'a subscription Redis does not take at once',
  { timeout: 30_000 },
  () => {
    let server: RedisServerHandle;
    let admin: Redis;
    let redis: RedisClient;
    let hub: RealtimeHub;
    const recorder = statusRecorder();
    const channel = () => liveEventKeys(uniqueSlug()).changes;
    const shardChannels = () => admin.call('PUBSUB', 'SHARDCHANNELS') as Promise<string[]>;
    const refusedSubscribes = async () =>
      Number(/cmdstat_ssubscribe:.*rejected_calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0);

    beforeAll(async () => {
      server = await startRedisServer();
      admin = new Redis(server.url);
      redis = await connect();
      const subscriber = createSubscriber(server.url);
      await waitUntilReady(subscriber);
      hub = createRealtimeHub(recorder.io, redis, subscriber);
    });
    afterAll(async () => {
      if (server) process.kill(server.pid, 'SIGCONT');
      await hub?.close();
      admin?.disconnect();
      await redis?.quit();
      await server?.stop();
    });

    it("a SSUBSCRIBE sent while the subscriber's Redis is frozen ends subscribed when it thaws; its watchers are told down, then up", async () => {
      const frozen = channel();
      const received: string[] = [];
      recorder.statuses.length = 0;
      process.kill(server.pid, 'SIGSTOP');
      try {
        await hub.subscribe(frozen, (message) => received.push(message)).ready;
        expect(recorder.statuses).toEqual(['down']);
      } finally {
        process.kill(server.pid, 'SIGCONT');
      }
      await expect.poll(() => recorder.statuses).toEqual(['down', 'up']);
      expect(await shardChannels()).toContain(frozen);
      await admin.spublish(frozen, 'after the thaw');
      await expect.poll(() => received).toEqual(['after the thaw']);
    });

    it('a refused SSUBSCRIBE is sent again until Redis takes it; its watchers are down meanwhile, then up', async () => {
      const refused = channel();
      const received: string[] = [];
      recorder.statuses.length = 0;
      await admin.config('RESETSTAT');
      await admin.call('ACL', 'SETUSER', 'default', '-ssubscribe');
      try {
        const started = Date.now();
        hub.subscribe(refused, (message) => received.push(message));
        await expect.poll(() => recorder.statuses).toEqual(['down']);
        // Not given up on, and not hammered: sent at 0, 0.2, 0.6, 1.4 and 3 s.
        await expect.poll(refusedSubscribes, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
        await new Promise((resolve) => setTimeout(resolve, started + 2_900 - Date.now()));
        expect(await refusedSubscribes()).toBeLessThanOrEqual(5);
        expect(recorder.statuses).toEqual(['down']);
      } finally {
        await admin.call('ACL', 'SETUSER', 'default', '+ssubscribe');
      }
      await expect.poll(() => recorder.statuses, { timeout: 5_000 }).toEqual(['down', 'up']);
      expect(await shardChannels()).toContain(refused);
      await admin.spublish(refused, 'taken at last');
      await expect.poll(() => received).toEqual(['taken at last']);
    });

    it('a refused channel nobody watches any more is not retried, and the watchers are up again', async () => {
      const abandoned = channel();
      recorder.statuses.length = 0;
      await admin.config('RESETSTAT');
      await admin.call('ACL', 'SETUSER', 'default', '-ssubscribe');
      try {
        const subscription = hub.subscribe(abandoned, () => undefined);
        await expect.poll(() => recorder.statuses).toEqual(['down']);
        subscription.release();
        expect(recorder.statuses).toEqual(['down', 'up']);
        expect(hub.channels()).not.toContain(abandoned);
        const refusedAtRelease = await refusedSubscribes();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await refusedSubscribes()).toBe(refusedAtRelease);
      } finally {
        await admin.call('ACL', 'SETUSER', 'default', '+ssubscribe');
      }
      expect(await shardChannels()).not.toContain(abandoned);
    });
  },
);
