import type { RedisClient } from '../redis/client';
import type { RealtimeServer, RedisStatus } from './events';

/** A Redis that is connected but answers no PING within the command timeout (frozen, overloaded) is down too. */
const PROBE_MS = 1_000;

/**
 * Tells every page whether Redis is usable: up only while both the command connection and the
 * subscriber are ready and every subscription is live (a page that missed pushes while a
 * subscription was away must resync, and it does so on the "up" that follows).
 */
export function watchRedisStatus(io: RealtimeServer, connections: RedisClient[], onUp: () => void) {
  let moving = false;
  let unresponsive = false;
  const compute = (): RedisStatus => ({
    redis: !moving && !unresponsive && connections.every((redis) => redis.status === 'ready') ? 'up' : 'down',
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
  const answered = (ok: boolean) => {
    if (unresponsive === !ok) return;
    unresponsive = !ok;
    update();
  };
  const probe = setInterval(
    () =>
      connections[0]?.ping().then(
        () => answered(true),
        () => answered(false),
      ),
    PROBE_MS,
  );
  return {
    current: () => status,
    /** A subscription is not live: being moved to another node (a failover, a slot migration), or its SSUBSCRIBE failed or is slow. */
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
      clearInterval(probe);
      for (const redis of connections) {
        redis.off('ready', update);
        redis.off('close', update);
      }
    },
  };
}
