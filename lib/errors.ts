/** Domain failures that callers map to answers (HTTP 404/409, a socket ack error, …). */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(readonly what: string) {
    super(`${what} not found`);
  }
}

export class ConflictError extends Error {
  override readonly name = 'ConflictError';
}
