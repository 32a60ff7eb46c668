import calculateSlot from 'cluster-key-slot';
import type { ChainableCommander, Cluster } from 'ioredis';
import { getRedis, isCluster, waitUntilReady, type RedisClient } from './client';
import { NotReplicatedError } from './errors';

/** How long an acknowledged write waits for a replica; replication on a LAN takes well under 1 ms. */
export const REPLICA_WAIT_MS = 250;

const acknowledging = new WeakMap<Cluster, Cluster>();

/**
 * The client acknowledged writes go through: a duplicate of the shared Cluster client, with
 * connections of its own to every master. WAIT blocks the connection it runs on, so while a
 * replica lags only acknowledged writes wait, never the instance's other commands to that master.
 * WAIT counts the writes of its own connection, which is why the write goes there too. The
 * caller's scripts (defined on the shared client) are defined on it as they are first needed.
 */
export function acknowledgingClient(shared: Cluster): Cluster {
  let own = acknowledging.get(shared);
  if (!own) {
    own = shared.duplicate();
    own.on('error', () => undefined); // the shared client logs the same failures
    acknowledging.set(shared, own);
    shared.once('end', () => own?.disconnect());
  }
  for (const [name, script] of Object.entries(
    shared.scriptsSet as Record<string, { lua: string; numberOfKeys: number | null; readOnly: boolean }>,
  )) {
    if (!(name in own.scriptsSet))
      own.defineCommand(name, {
        lua: script.lua,
        numberOfKeys: script.numberOfKeys ?? undefined,
        readOnly: script.readOnly,
      });
  }
  return own;
}

/** Created on first use, so it may still be connecting: fails as "not ready" (a 503) if it cannot. */
async function ready(client: Cluster): Promise<Cluster> {
  await waitUntilReady(client, 2_000);
  return client;
}

/**
 * Runs one write (a script) that must survive a failover once acknowledged: on a cluster,
 * `WAIT 1` is pipelined right behind it, on the same connection to the same master (the
 * pipeline goes to the script's slot; WAIT has no key), so it is still one round trip, on a
 * connection kept for acknowledged writes (acknowledgingClient). When no replica confirms in time
 * the write is not acknowledged: NotReplicatedError, a 503. One Redis has no replica to wait
 * for, and is not slowed down.
 */
export async function writeAcknowledged<T>(
  redis: RedisClient,
  queue: (pipeline: ChainableCommander) => void,
): Promise<T> {
  const replicated = isCluster(redis);
  const pipeline = replicated ? (await ready(acknowledgingClient(redis))).pipeline() : redis.pipeline();
  queue(pipeline);
  if (replicated) pipeline.wait(1, REPLICA_WAIT_MS);
  const [[writeError, result] = [], [waitError, replicas] = []] = (await pipeline.exec()) ?? [];
  if (writeError) throw writeError;
  if (waitError) throw waitError;
  if (replicated && Number(replicas) < 1) throw new NotReplicatedError();
  return result as T;
}

const REDIRECTED = /^(MOVED|ASK) /;

/** How long a replication mark (`{<tag>}:replicated`) lives: only the replication stream needs it. */
const MARK_TTL_MS = 10_000;

/** A key in the slot of `key`: the mark an acknowledgement writes there. */
export function replicationMark(key: string): string {
  // Redis hashes the first non-empty `{…}` of a key, else the whole key.
  const mark = `{${/\{([^}]+)\}/.exec(key)?.[1] ?? key}}:replicated`;
  if (calculateSlot(mark) !== calculateSlot(key)) throw new Error(`no replication mark can share the slot of "${key}"`);
  return mark;
}

/**
 * Runs `write` (one or more scripts through the shared client), then, on a cluster, answers only
 * once a replica of each slot's master has it: a replica applies its master's writes in order,
 * so it has the write once it has a mark written after it. The mark and `WAIT 1` go in one
 * pipeline on the connection kept for acknowledged writes (WAIT counts the writes of its own
 * connection, and blocks only it). NotReplicatedError (a 503) when no replica confirms in
 * REPLICA_WAIT_MS: the write is done but not known to be kept, and every caller's write is
 * idempotent, so retrying is safe. One Redis has no replica to wait for: `write` alone, as before.
 * `slotKeys`: one key of each slot the write's data lives in (what rebuilds itself is left out).
 */
export async function acknowledged<T>(
  slotKeys: readonly string[],
  write: () => Promise<T>,
  redis: RedisClient = getRedis(),
): Promise<T> {
  const result = await write();
  if (!isCluster(redis)) return result;
  const own = await ready(acknowledgingClient(redis));
  const oneKeyPerSlot = new Map(slotKeys.map((key) => [calculateSlot(key), key]));
  const markAndWait = (key: string) =>
    own.pipeline().set(replicationMark(key), '1', 'PX', MARK_TTL_MS).wait(1, REPLICA_WAIT_MS).exec();
  await Promise.all(
    [...oneKeyPerSlot.values()].map(async (key) => {
      let replies = await markAndWait(key);
      // Just after a failover this connection's slot map may still name the old master, now a
      // replica: it redirects the mark (and refuses WAIT), which ioredis does not follow in a pipeline.
      if (REDIRECTED.test(replies?.[0]?.[0]?.message ?? '')) {
        await new Promise<void>((resolve) => own.refreshSlotsCache(() => resolve()));
        replies = await markAndWait(key);
      }
      const [[markError] = [], [waitError, replicas] = []] = replies ?? [];
      if (markError) throw markError;
      if (waitError) throw waitError;
      if (Number(replicas) < 1) throw new NotReplicatedError();
    }),
  );
  return result;
}

/** Whether every master has a replica online (WAIT counts only those): always on one Redis. */
export async function replicasOnline(redis: RedisClient): Promise<boolean> {
  if (!isCluster(redis)) return true;
  const replies = await Promise.all(redis.nodes('master').map((node) => node.info('replication')));
  return replies.every((reply) => /^slave\d+:.*state=online/m.test(reply));
}

/**
 * Waits, at most `timeoutMs`, until acknowledged writes can be acknowledged: on a new cluster the
 * replicas may still be in their first sync, and every such write would be refused meanwhile.
 * Calls `onWaiting` once if it has to wait; throws once the time is up.
 */
export async function waitForReplicas(
  redis: RedisClient,
  { timeoutMs, onWaiting }: { timeoutMs: number; onWaiting?: () => void },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!(await replicasOnline(redis))) {
    if (Date.now() >= deadline)
      throw new Error(`no replica of every master was online after ${Math.round(timeoutMs / 1000)} s`);
    if (!told) onWaiting?.();
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
