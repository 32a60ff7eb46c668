import type { RealtimeServer, RedisStatus } from '../../lib/realtime/events';

/** Stands in for Socket.IO's server where the hub only broadcasts the Redis status. */
export function statusRecorder(): { io: RealtimeServer; statuses: RedisStatus['redis'][] } {
  const statuses: RedisStatus['redis'][] = [];
  const io = { emit: (_event: string, status: RedisStatus) => void statuses.push(status.redis) } as unknown as RealtimeServer;
  return { io, statuses };
}
