import { Redis, ReplyError } from 'ioredis';
import { expect, it } from 'vitest';
import { connectionFromEnv } from '../../lib/redis/client';
import { isRedisUnavailable } from '../../lib/redis/errors';
import { testConnection } from '../support';

it('REDIS_URL selects one Redis, REDIS_CLUSTER_NODES a cluster, neither the embedded one', () => {
  expect(connectionFromEnv({ REDIS_URL: 'redis://10.0.0.5:6380' })).toEqual({
    mode: 'single',
    url: 'redis://10.0.0.5:6380',
  });
  expect(connectionFromEnv({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-2:7001' })).toEqual({
    mode: 'cluster',
    nodes: [
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-2', port: 7001 },
    ],
  });
  expect(connectionFromEnv({})).toBeUndefined();
});

it('setting both is a start-up error that says so, and so is a seed node that is not host:port', () => {
  expect(() => connectionFromEnv({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER_NODES: 'b:2' })).toThrow(
    'Set either REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
  );
  expect(() => connectionFromEnv({ REDIS_CLUSTER_NODES: 'b:2,nonsense' })).toThrow('"nonsense" is not host:port');
});

it.runIf(testConnection().mode === 'cluster')(
  'a redirect that reaches the app (mid-failover, from a pipeline ioredis does not follow) is "unavailable": a 503, not a 500',
  async () => {
    const connection = testConnection();
    if (connection.mode !== 'cluster') return;
    const redirects: unknown[] = [];
    for (const node of connection.nodes) {
      const direct = new Redis(node.port, node.host, { lazyConnect: true });
      redirects.push(
        await direct.set('{leaderboard}:redirect-probe', '1').then(
          () => null,
          (error: unknown) => error,
        ),
      );
      direct.disconnect();
    }
    const moved = redirects.filter(
      (error) => error instanceof ReplyError && (error as Error).message.startsWith('MOVED'),
    );
    expect(moved.length).toBeGreaterThan(0);
    for (const error of moved) expect(isRedisUnavailable(error)).toBe(true);
  },
);
