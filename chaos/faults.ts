import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { saveProject } from '../lib/projects/catalogue';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { Stack } from '../e2e/support/stack';
import { sampleProject } from '../tests/sample-project';

/**
 * A system to break: where clients send requests, a command client on its Redis, and the fault
 * itself. `breakIt` does the damage and answers when the part is back (or, for a part that is
 * not brought back, at once): time to recover is counted from there.
 */
export type Target = {
  baseURL: string;
  redis: Redis;
  slug: string;
  breakIt(): Promise<void>;
  stop(): Promise<void>;
};

export type Fault = {
  name: string;
  /** Why it cannot run on this checkout, if it cannot (a part another issue brings). */
  unavailable?: () => Promise<string | undefined>;
  start(): Promise<Target>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One app and one persistent Redis (AOF, fsync every second, as the demo runs). */
async function singleRedis(breakIt: (stack: Stack) => Promise<void>): Promise<Target> {
  const stack = await Stack.start({ RATE_LIMIT_PER_MIN: '0' }, { persistent: true });
  const redis = createRedis(stack.redisUrl);
  await waitUntilReady(redis);
  const slug = `chaos-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug, 0), Date.now(), redis);
  return {
    baseURL: stack.baseURL,
    redis,
    slug,
    breakIt: () => breakIt(stack),
    async stop() {
      redis.disconnect();
      await stack.stop();
    },
  };
}

export const FAULTS: Fault[] = [
  {
    name: 'Redis killed (SIGKILL), restarted 2 s later',
    start: () =>
      singleRedis(async (stack) => {
        await stack.signalRedis('SIGKILL');
        await sleep(2_000);
        await stack.startRedis();
      }),
  },
  {
    name: 'Redis frozen 5 s (SIGSTOP, then SIGCONT)',
    start: () =>
      singleRedis(async (stack) => {
        await stack.signalRedis('SIGSTOP');
        await sleep(5_000);
        await stack.signalRedis('SIGCONT');
      }),
  },
  {
    name: 'an app instance killed behind the load balancer',
    unavailable: async () => 'needs issue 10 (HAProxy and several instances, branch `scale`), not merged here',
    start: () => Promise.reject(new Error('not available')),
  },
  {
    name: 'a Redis Cluster master killed',
    unavailable: async () => 'needs issue 10 (Redis Cluster support, branch `cluster`), not merged here',
    start: () => Promise.reject(new Error('not available')),
  },
];
