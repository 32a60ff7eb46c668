import type { TestProject } from 'vitest/node';
import { startRedisServer } from '../lib/redis/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** One private, throwaway redis-server for the whole run; every test file shares it by unique slugs. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRedisServer();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}
