import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { nextScriptHashes } from '../http/inline-scripts';
import { pagePolicyWith } from '../http/security-headers';
import type { PageTopic } from '../realtime/page-topics';
import { fellBackToClient, NOT_FOUND_MARK, UNAVAILABLE_MARK } from './page-marks';

/** What Next answered for a page: its status, the headers worth keeping, its body. */
export type RenderedPage = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * How a shared page may be kept by a CDN in front: a second fresh, and one more while it asks
 * again in the background, so no visitor sees a page much more than a second behind. Browsers
 * keep nothing (max-age=0): a reload asks again.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=1';
/** Not worth compressing: gzip's own framing outweighs what it saves, and it costs CPU per answer. */
const COMPRESS_FROM_BYTES = 1_024;

/** `viewHeaders`: what every view of the render answers, Vary and ETag included. */
export type Prepared = RenderedPage & {
  gzip?: Buffer;
  etag: string;
  shared: boolean;
  scriptHashes: string[];
  viewHeaders: Record<string, string>;
};

/**
 * What a render of Next's becomes, once: its status (a rendered "not found" panel is a 404),
 * whether views may share it, its gzip, ETag, the hashes its policy names and the headers every
 * view answers.
 */
export async function prepare(answered: RenderedPage, topic?: PageTopic): Promise<Prepared> {
  const rendered = asNotFound(answered);
  const shared = shareable(rendered, topic);
  const etag = `"${createHash('sha1').update(rendered.body).digest('base64url')}"`;
  const zipped = rendered.body.length >= COMPRESS_FROM_BYTES ? await gzipped(rendered.body) : undefined;
  // What is the same for every view is worked out once per render: the policy's script hashes, the headers.
  const scriptHashes = [...nextScriptHashes(rendered.body.toString('utf8'))];
  const vary = rendered.headers.vary?.toLowerCase().includes('accept-encoding')
    ? rendered.headers.vary
    : ['Accept-Encoding', rendered.headers.vary].filter(Boolean).join(', ');
  const viewHeaders = { ...rendered.headers, vary, etag };
  return { ...rendered, gzip: zipped, etag, shared, scriptHashes, viewHeaders };
}

/** A view of a prepared render: its headers as configured now, compressed when the client takes gzip, 304 when it has it. */
export function send(request: IncomingMessage, response: ServerResponse, page: Prepared): void {
  const headers: Record<string, string> = {
    ...page.viewHeaders,
    // Per view: its connect-src follows PUBLIC_ORIGIN as configured now, not at the render.
    'content-security-policy': pagePolicyWith(page.scriptHashes),
    // A response that gives a visitor its cookie is that visitor's alone.
    'cache-control': page.shared && !response.hasHeader('set-cookie') ? SHARED_CACHE_CONTROL : 'private, no-store',
  };
  if (page.shared && request.headers['if-none-match'] === page.etag) return void response.writeHead(304, headers).end();
  const useGzip = page.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = useGzip ? page.gzip! : page.body;
  if (useGzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  response.writeHead(page.status, headers).end(request.method === 'HEAD' ? undefined : body);
}

const gzipped = promisify(gzip);

/**
 * Whether views may share a render: a page rendered whole, and a 200, or a shell's 404 (any
 * unknown path: no change can make a page of it); never a render that says Redis is unavailable
 * or fell back to the browser for a part that failed.
 */
function shareable(rendered: RenderedPage, topic?: PageTopic): boolean {
  const answered = rendered.status === 200 || (rendered.status === 404 && topic?.kind === 'shell');
  return answered && !rendered.body.includes(UNAVAILABLE_MARK) && !fellBackToClient(rendered.body);
}

/** A page that rendered its "not found" panel (page-marks.ts) is a 404, whatever Next answered. */
function asNotFound(rendered: RenderedPage): RenderedPage {
  return rendered.status === 200 && rendered.body.includes(NOT_FOUND_MARK) ? { ...rendered, status: 404 } : rendered;
}
