import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { inject, vi } from 'vitest';
import { LIVE_EVENTS_CHANNEL, liveEventKeys } from '../lib/live-events/keys';
import type { LiveEventsContext } from '../lib/live-events/context';
import type { LiveChange } from '../lib/live-events/types';
import { DEFAULT_WINDOWS, type Windows } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/catalogue';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { sampleProject } from './sample-project';

export async function connect(): Promise<Redis> {
  const redis = createRedis(inject('redisUrl'));
  await waitUntilReady(redis);
  return redis;
}

export function uniqueSlug(): string {
  return `t-${randomBytes(6).toString('hex')}`;
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

export function liveContext(redis: Redis, clock: TestClock, windows: Windows = DEFAULT_WINDOWS): LiveEventsContext {
  return { redis, windows, now: clock.now };
}

/** Saves a fresh project and returns its slug. */
export async function createProject(redis: Redis, raised = 0): Promise<string> {
  const project = sampleProject(uniqueSlug(), raised);
  await saveProject(project, 0, redis);
  return project.slug;
}

/** The live-event keys of a project by name: every key of it but the project itself. */
export function liveOnlyKeys(slug: string): [string, string][] {
  return Object.entries(liveEventKeys(slug)).filter(([name]) => name !== 'info');
}

/** Every live-event key of a project with its PTTL (-2 when the key does not exist). */
export async function liveKeyTtls(redis: Redis, slug: string): Promise<Record<string, number>> {
  const entries = await Promise.all(liveOnlyKeys(slug).map(async ([name, key]) => [name, await redis.pttl(key)] as const));
  return Object.fromEntries(entries);
}

export type ChangeListener = {
  /** Removes and returns the changes received since the last call, once all published before it arrived. */
  takeChanges: () => Promise<LiveChange[]>;
  close: () => Promise<void>;
};

export async function listenToChanges(redis: Redis, slug: string): Promise<ChangeListener> {
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  const changes: LiveChange[] = [];
  subscriber.on('message', (channel: string, message: string) => {
    const change = JSON.parse(message) as LiveChange;
    if (channel === LIVE_EVENTS_CHANNEL && change.slug === slug) changes.push(change);
  });
  await subscriber.subscribe(LIVE_EVENTS_CHANNEL);
  return {
    takeChanges: async () => {
      await subscriber.ping();
      return changes.splice(0);
    },
    close: async () => {
      await subscriber.quit();
    },
  };
}

/** The names of the commands `operation` sends to Redis on `redis`. */
export async function commandsSentBy(redis: Redis, operation: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(redis, 'sendCommand');
  try {
    await operation();
    return spy.mock.calls.map(([command]) => command.name);
  } finally {
    spy.mockRestore();
  }
}
