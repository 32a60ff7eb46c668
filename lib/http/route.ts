import { InvalidInputError, StatusError } from '../errors';
import { log } from '../log';
import { isRedisUnavailable } from '../redis/errors';
import { requireAdmin } from './admin';
import { errorResponse, HttpError, InvalidInput } from './errors';
import { limitWrites } from './rate-limit';

type Options = {
  admin?: boolean;
  write?: boolean;
  /** A limit of the route's own, taken after the write limit (e.g. `limitQuizStarts`). */
  limit?: (request: Request) => Promise<void>;
};

/**
 * Wraps a route handler: admin check, write rate limit, then maps what `lib/` throws to the
 * answers of docs/api.md, "Input bounds and errors". Redis being unreachable is a 503, never a crash.
 */
export function route<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
  options: Options = {},
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      // Limit first, so that guessing the admin token costs a write like any other.
      if (options.write || options.admin) await limitWrites(request);
      await options.limit?.(request);
      if (options.admin) await requireAdmin(request);
      return await handler(request, context);
    } catch (error) {
      return errorResponse(toHttpError(error));
    }
  };
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // Each domain error carries its answer (lib/errors.ts): lib/http knows no pattern.
  if (error instanceof StatusError) {
    const message = error.field ? `${error.field}: ${error.message}` : error.message;
    if (error instanceof InvalidInputError && error.field) return new InvalidInput(message, error.field, error.why);
    return new HttpError(error.status, error.code, message, error.field, {}, error.details);
  }
  if (isRedisUnavailable(error)) {
    return new HttpError(503, 'unavailable', 'the data store is unreachable; retry shortly', undefined, {
      'Retry-After': '1',
    });
  }
  log.error({ err: error }, 'unhandled error in route');
  return new HttpError(500, 'internal', 'unexpected error');
}
