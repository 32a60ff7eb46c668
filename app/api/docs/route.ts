import { DOCS_POLICY, docsPage } from '@/lib/http/openapi/docs-page';

/** Swagger UI for /api/openapi.json, its files served by this server: no CDN, works offline. */
export const GET = () =>
  new Response(docsPage(), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': DOCS_POLICY },
  });
