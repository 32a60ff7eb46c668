import type { Redis } from 'ioredis';
import type { RealtimeServer, RedisStatus } from './events';

/**
 * Tells every page whether Redis is usable: up only while both the command connection and the
 * subscriber are ready (a page that missed pushes while the subscriber was away must resync,
 * and it does so on the "up" that follows).
 */
export function watchRedisStatus(io: RealtimeServer, connections: Redis[], onUp: () => void) {
  const compute = (): RedisStatus => ({ redis: connections.every((redis) => redis.status === 'ready') ? 'up' : 'down' });
  let status = compute();
  const update = () => {
    const next = compute();
    if (next.redis === status.redis) return;
    status = next;
    io.emit('server:status', status);
    if (status.redis === 'up') onUp();
  };
  for (const redis of connections) {
    redis.on('ready', update);
    redis.on('close', update);
  }
  return {
    current: () => status,
    close() {
      for (const redis of connections) {
        redis.off('ready', update);
        redis.off('close', update);
      }
    },
  };
}
