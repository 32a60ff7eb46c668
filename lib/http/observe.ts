import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { setBounded } from '../bounded';
import { appRoutePatterns, routeOf } from './route-patterns';

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Route labels kept by request target: most requests ask for a few targets, and matching one tries dozens of patterns. */
const LABELS_KEPT = 256;

/**
 * Wraps server.ts' request listener: each request gets an id (the caller's X-Request-Id when it
 * is sane, else a new one, echoed back), and when it finishes one log line (id, method, route
 * pattern, status, duration) and one observation of crowdpulse_http_request_duration_seconds.
 */
export function observeRequests(listener: RequestListener): RequestListener {
  const patterns = appRoutePatterns();
  const metrics = appMetrics();
  const labels = new Map<string, string>();
  const routeLabel = (target = '/') => {
    let label = labels.get(target);
    if (label === undefined) setBounded(labels, target, (label = routeOf(patterns, pathnameOf(target))), LABELS_KEPT);
    return label;
  };
  return (request: IncomingMessage, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    const presented = request.headers['x-request-id'];
    const id = typeof presented === 'string' && REQUEST_ID.test(presented) ? presented : randomUUID();
    request.headers['x-request-id'] = id;
    response.setHeader('X-Request-Id', id);
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(request.url);
      const method = request.method ?? 'GET';
      const status = response.statusCode;
      metrics.observeHttp({ method, route, status }, seconds);
      const line = { reqId: id, method, route, url: request.url, status, ms: Math.round(seconds * 1e4) / 10 };
      if (route === '/_next/*') log.debug(line, 'request');
      else log.info(line, 'request');
    });
    listener(request, response);
  };
}

/** Node accepts request targets that URL cannot parse (`GET http://[/`); those match no route. */
function pathnameOf(target = '/'): string {
  try {
    return new URL(target, 'http://x').pathname;
  } catch {
    return '';
  }
}
