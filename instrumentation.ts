import type { Instrumentation } from 'next';

/**
 * Every error Next catches while rendering or routing: one log line with the request's id
 * (lib/http/observe.ts; the page cache's render carries the id of the view that asked for it)
 * and the digest the error page shows, so a visitor's reference finds the line.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('./lib/log');
  const reqId = request.headers['x-request-id'];
  const digest = (error as { digest?: string }).digest;
  const err = error instanceof Error ? error.message : String(error);
  log.error(
    { reqId, digest, path: request.path, route: context.routePath, kind: context.routeType, err },
    'rendering failed',
  );
};
