import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFromMemory, staticFiles } from '../http/memory-files';
import { docsAsset } from '../http/openapi/docs-page';

const STATIC = '/_next/static/';
const FILES = /^\/(?:_next\/|api\/docs\/)/;

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function notFound(response: ServerResponse, message: string): true {
  response
    .writeHead(404, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { code: 'not_found', message } }));
  return true;
}

/**
 * The files the front door answers itself, from memory, so none costs a trip through Next:
 * - `/_next/static/*`, the build's files (`staticDir`, production only), compressed once, immutable;
 *   a name the build has not is a 404;
 * - `/api/docs/<asset>`, Swagger UI's files, with an ETag (304);
 * - `/_next/image`: the site has no optimised images (`images.unoptimized`), and Next answered
 *   one by rendering the URL it names, so it is a 404 here.
 * Returns true when it answered.
 */
export function frameworkFiles(staticDir?: string): (request: IncomingMessage, response: ServerResponse) => boolean {
  const builtFile = staticDir ? staticFiles(staticDir) : undefined;
  return (request, response) => {
    const target = request.url ?? '/';
    // Most requests are pages and the API: passed on before anything is parsed.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !FILES.test(target)) return false;
    const path = target.split('?')[0]!;
    if (path === '/_next/image' || path.startsWith('/_next/image/'))
      return notFound(response, 'this site serves no optimised images');
    if (builtFile && path.startsWith(STATIC)) {
      const file = builtFile(decoded(path.slice(STATIC.length)) ?? '');
      if (!file) return notFound(response, 'no such build file');
      answerFromMemory(request, response, file);
      return true;
    }
    const asset = /^\/api\/docs\/([^/]+)$/.exec(path)?.[1];
    const file = asset && docsAsset(decoded(asset) ?? '');
    if (!file) return false;
    answerFromMemory(request, response, file);
    return true;
  };
}
