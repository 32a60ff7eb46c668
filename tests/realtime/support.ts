import { createHash } from 'node:crypto';
import type { Command } from 'ioredis';
import { vi } from 'vitest';
import { liveEventKeys } from '../../lib/live-events/keys';
import type { RedisClient } from '../../lib/redis/client';
import { loadLua } from '../../lib/redis/lua';
import type { RealtimeServer, RedisStatus } from '../../lib/realtime/events';

/** Stands in for Socket.IO's server where the hub only broadcasts the Redis status. */
export function statusRecorder(): { io: RealtimeServer; statuses: RedisStatus['redis'][] } {
  const statuses: RedisStatus['redis'][] = [];
  const io = {
    emit: (_event: string, status: RedisStatus) => void statuses.push(status.redis),
  } as unknown as RealtimeServer;
  return { io, statuses };
}

/**
 * Counts the read-snapshot scripts the app's client sends to Redis for one project (EVAL or
 * EVALSHA, read-only or not): what a watch costs Redis, whatever other tests run meanwhile.
 */
export function snapshotReadsOf(redis: RedisClient, slug: string): { count(): number; stop(): void } {
  const info = liveEventKeys(slug).info;
  const spy = vi.spyOn(redis, 'sendCommand');
  const isRead = (command: Command) => {
    if (!command.name.startsWith('eval')) return false;
    const args = command.args.map(String);
    return args.includes(info) && (args[0] === READ_SNAPSHOT_SHA || args[0] === READ_SNAPSHOT_LUA);
  };
  return {
    count: () => spy.mock.calls.filter(([command]) => isRead(command)).length,
    stop: () => spy.mockRestore(),
  };
}

const READ_SNAPSHOT_LUA = loadLua('live-events/lua/read-snapshot.lua');
const READ_SNAPSHOT_SHA = createHash('sha1').update(READ_SNAPSHOT_LUA).digest('hex');
