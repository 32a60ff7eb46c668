/** Domain failures that callers map to answers (HTTP 404/409, a socket ack error, …). */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
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
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
    /** The answer's error code: `conflict`, or one of its own (`tier_sold_out`, `tier_in_use`). */
    readonly code = 'conflict',
  ) {
    super(message);
  }
}

/** Input that is well-formed but wrong for the state it meets (a question not in the session). */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A contribution that arrived once the campaign had ended (decided on Redis' clock): nothing was written. */
export class CampaignEndedError extends Error {
  override readonly name = 'CampaignEndedError';
  constructor(readonly endedAt: number) {
    super('the campaign has ended');
  }
}
