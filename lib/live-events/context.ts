import type { Redis } from 'ioredis';
import { getRedis } from '../redis/client';
import { windowsFromEnv, type Windows } from './windows';

/** What every live-event operation needs. Tests pass their own client, windows and clock. */
export type LiveEventsContext = {
  redis: Redis;
  windows: Windows;
  now: () => number;
};

let windows: Windows | undefined;

export function defaultLiveEventsContext(): LiveEventsContext {
  windows ??= windowsFromEnv();
  return { redis: getRedis(), windows, now: Date.now };
}
