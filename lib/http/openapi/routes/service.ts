import { z } from 'zod';
import { answers, defineRoutes } from '../contract';

export const healthSchema = z.object({ ok: z.literal(true), redis: z.literal('up') });
/** The documents describe themselves loosely: their own shape is OpenAPI's and this project's. */
const jsonDocumentSchema = z.looseObject({});

export const DOCS_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

export const serviceRoutes = defineRoutes('service', [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Whether Redis answers',
    responses: answers(200, 'Redis answers', healthSchema),
  },
  {
    method: 'get',
    path: '/api/metrics',
    summary: 'Prometheus metrics of this instance, and the shared folding counters',
    description: 'For the operator: `Authorization: Bearer` with METRICS_TOKEN or the admin token.',
    responses: { 200: { description: 'Prometheus text format 0.0.4', content: ['text/plain'] } },
    errors: {
      401: 'a missing or wrong metrics or admin token',
      429: 'too many wrong tokens from this address (RATE_LIMIT_FAILED_TOKENS_PER_HOUR), the right one too; Retry-After says when',
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    redis: false,
    responses: answers(200, 'OpenAPI 3.1', jsonDocumentSchema),
  },
  {
    method: 'get',
    path: '/api/socket-events.json',
    summary: 'The Socket.IO events: names, direction, payloads and acknowledgements, as JSON Schema',
    redis: false,
    responses: answers(200, 'the events', jsonDocumentSchema),
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'An interactive reference of this document (Swagger UI, served from this server)',
    redis: false,
    responses: { 200: { description: 'the page', content: ['text/html'] } },
  },
  {
    method: 'get',
    path: '/api/docs/{asset}',
    summary: "The reference page's script and style, from the swagger-ui-dist package",
    redis: false,
    params: z.object({ asset: z.enum(DOCS_ASSETS) }),
    responses: { 200: { description: 'the file', content: ['text/javascript', 'text/css'] } },
  },
]);
