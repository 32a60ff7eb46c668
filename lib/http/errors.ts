/** An answer the API gives on purpose: `{error: {code, message, field?}}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorResponse(error: HttpError): Response {
  const body = { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
  return Response.json(body, { status: error.status, headers: error.headers });
}
