import { ReplyError } from 'ioredis';

const CONNECTION_FAILURE =
  /Stream isn't writeable|Connection is closed|Command timed out|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|max retries|MaxRetriesPerRequest|not ready/i;

/**
 * True when a failure means "Redis is not reachable right now" (refused, closed, offline queue
 * disabled, timed out), as opposed to Redis answering with an error, which is a bug to surface.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof ReplyError) return false;
  return CONNECTION_FAILURE.test(`${error.name} ${error.message}`);
}
