import type { Redis } from 'ioredis';
import type { RealtimeServer, RedisStatus } from './events';

/** A Redis that is connected but answers no PING within the command timeout (frozen, overloaded) is down too. */
const PROBE_MS = 1_000;

/**
 * Tells every page whether Redis is usable: up only while both the command connection and the
 * subscriber are ready (a page that missed pushes while the subscriber was away must resync,
 * and it does so on the "up" that follows).
 */
export function watchRedisStatus(io: RealtimeServer, connections: Redis[], onUp: () => void) {
  let unresponsive = false;
  const compute = (): RedisStatus => ({
    redis: !unresponsive && connections.every((redis) => redis.status === 'ready') ? 'up' : 'down',
  });
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
  const answered = (ok: boolean) => {
    if (unresponsive === !ok) return;
    unresponsive = !ok;
    update();
  };
  const probe = setInterval(() => connections[0]?.ping().then(() => answered(true), () => answered(false)), PROBE_MS);
  return {
    current: () => status,
    close() {
      clearInterval(probe);
      for (const redis of connections) {
        redis.off('ready', update);
        redis.off('close', update);
      }
    },
  };
}
