import { z } from 'zod';
import { INPUT_REASONS, type InputReason } from '../input-reason';

/** Every error the API answers on purpose; a conflict's details beside it (`tier`, `limit`, `maxFollows`, …). */
export const errorBodySchema = z.looseObject({
  error: z.object({
    code: z
      .string()
      .describe(
        'invalid_input, invalid_json, invalid_path, invalid_host, invalid_header, unauthorized, no_player, not_your_session, cross_site, not_found, method_not_allowed, conflict, campaign_ended, tier_sold_out, tier_in_use, burst_running, body_too_large, unsupported_media_type, rate_limited, unavailable, internal',
      ),
    message: z.string(),
    field: z.string().optional().describe('the field that failed, dotted (`events.3.amount`)'),
    reason: z
      .enum(INPUT_REASONS)
      .optional()
      .describe(
        "why the field failed, for a client to say in its own words (the message is a developer's, in English)",
      ),
    limit: z.number().optional().describe('the bound a too_long, too_short, too_big or too_small reason broke'),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An answer the API gives on purpose: `{error: {code, message, field?}, ...details}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A 400 `invalid_input` of a field, with why (`reason`, `limit`) beside the message. */
export class InvalidInput extends HttpError {
  constructor(
    message: string,
    field: string | undefined,
    readonly why: InputReason,
  ) {
    super(400, 'invalid_input', message, field);
  }
}

/** The body of every error answer, a route's or the front door's (lib/server/http-server.ts). */
export function errorBody(error: HttpError): ErrorBody {
  return {
    ...error.details,
    error: {
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error instanceof InvalidInput ? error.why : {}),
    },
  };
}

export function errorResponse(error: HttpError): Response {
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}
