import { expect, it } from 'vitest';
import { connectionFromEnv } from '../../lib/redis/client';

it('REDIS_URL selects one Redis, REDIS_CLUSTER_NODES a cluster, neither the embedded one', () => {
  expect(connectionFromEnv({ REDIS_URL: 'redis://10.0.0.5:6380' })).toEqual({ mode: 'single', url: 'redis://10.0.0.5:6380' });
  expect(connectionFromEnv({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-2:7001' })).toEqual({
    mode: 'cluster',
    nodes: [{ host: '10.0.0.1', port: 7000 }, { host: 'redis-2', port: 7001 }],
  });
  expect(connectionFromEnv({})).toBeUndefined();
});

it('setting both is a start-up error that says so, and so is a seed node that is not host:port', () => {
  expect(() => connectionFromEnv({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'b:2' })).toThrow(
    'Set either REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
  );
  expect(() => connectionFromEnv({ REDIS_CLUSTER_NODES: 'b:2,nonsense' })).toThrow('"nonsense" is not host:port');
});
