import { ReplyError } from 'ioredis';

const CONNECTION_FAILURE =
  /Stream isn't writeable|Connection is closed|Command timed out|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|max retries|MaxRetriesPerRequest|not ready|Too many Cluster redirections|Cluster isn't ready|Cluster is ended|None of startup nodes|Failed to refresh slots cache/i;

/**
 * What a cluster answers while a slot has no master yet, or is moving: retry shortly. A MOVED or
 * ASK reaches us only from a pipeline (writeAcknowledged's script + WAIT), which ioredis follows
 * only when every reply is the same redirect; mid-failover a replica still names its dead master.
 */
const CLUSTER_IN_TRANSITION = /^(CLUSTERDOWN|TRYAGAIN|MASTERDOWN|LOADING|READONLY|MOVED|ASK)\b/;

/** A write that no replica confirmed in time: not acknowledged, since a failover could lose it. */
export class NotReplicatedError extends Error {
  override readonly name = 'NotReplicatedError';
  constructor() {
    super('the write was not replicated in time, so it is not acknowledged: not ready to survive a failover');
  }
}

/**
 * True when a failure means "Redis is not reachable right now" (refused, closed, offline queue
 * disabled, timed out, a cluster slot without a master), as opposed to Redis answering with an
 * error, which is a bug to surface.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof NotReplicatedError) return true;
  if (error instanceof ReplyError) return CLUSTER_IN_TRANSITION.test(error.message);
  return CONNECTION_FAILURE.test(`${error.name} ${error.message}`);
}
