import type { InputReason } from './input-reason';

/**
 * A domain failure that names its answer: the HTTP status and code lib/http/route.ts sends, so
 * lib/http knows no pattern's errors (a pattern's own, like the quiz's NotYourSessionError, extends this).
 */
export abstract class StatusError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** The field that failed, named in the answer (`{error: {field}}`) and its message. */
  readonly field?: string;
  /** Sent beside the error: where the state the write met stands. */
  readonly details: Record<string, unknown> = {};
}

/** Domain failures that callers map to answers (HTTP 404/409, a socket ack error, …). */
export class NotFoundError extends StatusError {
  override readonly name = 'NotFoundError';
  readonly status = 404;
  readonly code = 'not_found';
  constructor(readonly what: string) {
    super(`${what} not found`);
  }
}

/**
 * By name, not class: server.ts and Next's bundle load this file twice, so a NotFoundError thrown
 * by the relay (server.ts' copy) is no instance of the page's copy of the class.
 */
export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof Error && error.name === 'NotFoundError';
}

/** A write refused by the state it meets; `details` tell the caller where that state stands (sent beside the error). */
export class ConflictError extends StatusError {
  override readonly name = 'ConflictError';
  readonly status = 409;
  constructor(
    message: string,
    override readonly details: Record<string, unknown> = {},
    /** The answer's error code: `conflict`, or one of its own (`tier_sold_out`, `tier_in_use`). */
    readonly code = 'conflict',
  ) {
    super(message);
  }
}

/** Input that is well-formed but wrong for the state it meets (a question not in the session). */
export class InvalidInputError extends StatusError {
  override readonly name = 'InvalidInputError';
  readonly status = 400;
  readonly code = 'invalid_input';
  constructor(
    override readonly field: string,
    message: string,
    readonly why: InputReason = { reason: 'invalid' },
  ) {
    super(message);
  }
}

/** A contribution that arrived once the campaign had ended (decided on Redis' clock): nothing was written. */
export class CampaignEndedError extends StatusError {
  override readonly name = 'CampaignEndedError';
  readonly status = 409;
  readonly code = 'campaign_ended';
  constructor(readonly endedAt: number) {
    super('the campaign has ended');
  }
}
