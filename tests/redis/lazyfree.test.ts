import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isCluster, type RedisClient } from '../../lib/redis/client';
import { connect, testConnection } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const LAZYFREE = ['lazyfree-lazy-expire', 'lazyfree-lazy-user-del', 'lazyfree-lazy-server-del'];

it(`every redis-server the project starts (${testConnection().mode}: lib/redis/embedded.ts, lib/scale/redis-node.ts) frees large keys lazily`, async () => {
  if (!isCluster(redis)) {
    for (const parameter of LAZYFREE) expect(await redis.config('GET', parameter)).toEqual([parameter, 'yes']);
    return;
  }
  // Masters and replicas: CLUSTER NODES lists them all ("id host:port@bus flags ...").
  const addresses = String(await redis.nodes('master')[0]!.cluster('NODES'))
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1]!.split('@')[0]!);
  expect(addresses).toHaveLength(6);
  for (const address of addresses) {
    const [host, port] = address.split(':');
    const server = new Redis(Number(port), host!);
    try {
      for (const parameter of LAZYFREE)
        expect(await server.config('GET', parameter), `${parameter} on ${address}`).toEqual([parameter, 'yes']);
    } finally {
      server.disconnect();
    }
  }
});
