import { randomBytes, randomInt } from 'node:crypto';
import { inject, vi } from 'vitest';
import { liveEventKeys } from '../lib/live-events/keys';
import type { LiveEventsContext } from '../lib/live-events/context';
import type { LiveChange } from '../lib/live-events/types';
import { DEFAULT_WINDOWS, type Windows } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import {
  createRedis,
  createSubscriber,
  isCluster,
  waitUntilReady,
  type RedisClient,
  type RedisConnection,
} from '../lib/redis/client';
import { sampleProject } from './sample-project';

/** Where this run's Redis is: one redis-server, or a local cluster (vitest project "cluster"). */
export function testConnection(): RedisConnection {
  return inject('redisConnection');
}

/** Points the process's own client (lib/redis/client: routes, the simulator) at this run's Redis. */
export function useTestRedisForTheApp(): void {
  const connection = testConnection();
  if (connection.mode === 'single') process.env.REDIS_URL = connection.url;
  else process.env.REDIS_CLUSTER_NODES = connection.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
}

export async function connect(): Promise<RedisClient> {
  const redis = createRedis(testConnection());
  await waitUntilReady(redis);
  return redis;
}

/** Keys matching `pattern` on every master: KEYS on a Cluster client would ask one node only. */
export async function keysMatching(redis: RedisClient, pattern: string): Promise<string[]> {
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  return (await Promise.all(nodes.map((node) => node.keys(pattern)))).flat().toSorted();
}

export type ChannelListener = {
  /** Removes and returns the messages received since the last call, once all published before it arrived. */
  take: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * SSUBSCRIBEs to one sharded channel, as an app instance does. `take` publishes a marker on the
 * channel and waits for it: what was published before it has arrived by then.
 */
export async function listenTo(redis: RedisClient, channel: string): Promise<ChannelListener> {
  const subscriber = createSubscriber(testConnection());
  const messages: string[] = [];
  let marker: { id: string; arrived: () => void } | undefined;
  subscriber.on('smessage', (from: string, message: string) => {
    if (from !== channel) return;
    if (message === marker?.id) return marker.arrived();
    messages.push(message);
  });
  await subscriber.ssubscribe(channel);
  return {
    take: async () => {
      const id = `marker-${randomBytes(6).toString('hex')}`;
      const arrived = new Promise<void>((resolve) => (marker = { id, arrived: resolve }));
      await redis.spublish(channel, id);
      await arrived;
      return messages.splice(0);
    },
    close: async () => {
      await subscriber.quit();
    },
  };
}

export function uniqueSlug(): string {
  return `t-${randomBytes(6).toString('hex')}`;
}

/**
 * A client address drawn from the 16,777,216 of 10.0.0.0/8 (private use), so a per-address limit
 * almost surely starts from zero. The files running side by side share one Redis, so one with a
 * read budget of 3 meets every other file's counts: drawn from 198.18.0.0/15 (131,072), a fresh
 * address was once already spent (tests/hostile/next-paths.test.ts, CI under load).
 */
export function uniqueAddress(): string {
  const n = randomInt(1 << 24);
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
}

/** A clock the test moves by hand, so windows are crossed without sleeping. */
export type TestClock = { now: () => number; advance: (ms: number) => void; set: (time: number) => void };

export function testClock(start = Date.now()): TestClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => void (time += ms),
    set: (to) => void (time = to),
  };
}

export function liveContext(
  redis: RedisClient,
  clock: TestClock,
  windows: Windows = DEFAULT_WINDOWS,
): LiveEventsContext {
  return { redis, windows, now: clock.now };
}

/** Saves a fresh project and returns its slug. */
export async function createProject(redis: RedisClient, raised = 0): Promise<string> {
  const project = sampleProject(uniqueSlug(), raised);
  await saveProject(project, 0, redis);
  return project.slug;
}

/** Redis' own clock, the one a contribution script decides a campaign's end on. */
export async function redisNow(redis: RedisClient): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000);
}

/** A new project whose campaign ends at `endsAt` (or never). */
export async function projectEnding(redis: RedisClient, endsAt: number | undefined): Promise<string> {
  const slug = uniqueSlug();
  await saveProject({ ...sampleProject(slug), endsAt }, 0, redis);
  return slug;
}

/** The live-event keys of a project by name: every key of it but the project itself (and its channel). */
export function liveOnlyKeys(slug: string): [string, string][] {
  return Object.entries(liveEventKeys(slug)).filter(([name]) => name !== 'info' && name !== 'changes');
}

/** Every live-event key of a project with its PTTL (-2 when the key does not exist). */
export async function liveKeyTtls(redis: RedisClient, slug: string): Promise<Record<string, number>> {
  const entries = await Promise.all(
    liveOnlyKeys(slug).map(async ([name, key]) => [name, await redis.pttl(key)] as const),
  );
  return Object.fromEntries(entries);
}

export type ChangeListener = {
  /** Removes and returns the changes received since the last call, once all published before it arrived. */
  takeChanges: () => Promise<LiveChange[]>;
  close: () => Promise<void>;
};

export async function listenToChanges(redis: RedisClient, slug: string): Promise<ChangeListener> {
  const listener = await listenTo(redis, liveEventKeys(slug).changes);
  return {
    takeChanges: async () => (await listener.take()).map((message) => JSON.parse(message) as LiveChange),
    close: listener.close,
  };
}

/**
 * The names of the commands `operation` sends to Redis on `redis`. A script is sent as EVAL
 * the first time on each connection (on a cluster, each master's), as EVALSHA after: both are
 * one round trip, named "evalsha" here.
 */
export async function commandsSentBy(redis: RedisClient, operation: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(redis, 'sendCommand');
  try {
    await operation();
    return spy.mock.calls.map(([command]) => (command.name === 'eval' ? 'evalsha' : command.name));
  } finally {
    spy.mockRestore();
  }
}
