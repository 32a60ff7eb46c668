import type { RedisClient } from '../redis/client';
import type { RealtimeServer, RedisStatus } from './events';

/**
 * Tells every page whether Redis is usable: up only while both the command connection and the
 * subscriber are ready and no subscription is being moved (a page that missed pushes while the
 * subscriber was away must resync, and it does so on the "up" that follows).
 */
export function watchRedisStatus(io: RealtimeServer, connections: RedisClient[], onUp: () => void) {
  let moving = false;
  const compute = (): RedisStatus => ({
    redis: !moving && connections.every((redis) => redis.status === 'ready') ? 'up' : 'down',
  });
  let status = compute();
  const announce = () => {
    io.emit('server:status', status);
    if (status.redis === 'up') onUp();
  };
  const update = () => {
    const next = compute();
    if (next.redis === status.redis) return;
    status = next;
    announce();
  };
  for (const redis of connections) {
    redis.on('ready', update);
    redis.on('close', update);
  }
  return {
    current: () => status,
    /** Subscriptions are being moved to another node (a failover, a slot migration). */
    interrupted() {
      moving = true;
      update();
    },
    /** Subscriptions are live again: pages resync, even if they never saw the interruption. */
    resumed() {
      moving = false;
      const before = status.redis;
      update();
      if (before === 'up' && status.redis === 'up') announce();
    },
    close() {
      for (const redis of connections) {
        redis.off('ready', update);
        redis.off('close', update);
      }
    },
  };
}
