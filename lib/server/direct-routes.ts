import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from '../http/body';
import { HttpError } from '../http/errors';

/** Any route handler: its params are the path's named groups, strings as Next gives them. */
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** A route handler answered by the server itself: its method, its path (named groups are its params), the handler. */
export type DirectRoute = { method: string; path: RegExp; handler: Handler };

/**
 * Answers a request with a route's own handler (the same function Next would call) without
 * Next's router: for the hottest small writes, Next's request pipeline (routing, tracing, web
 * streams in and out, compressing a 30-byte answer) cost several times what the handler does.
 * Returns false for anything it does not take (no route, a write without Content-Length, a body over 64 KiB),
 * which then goes to Next as before.
 */
export async function answerDirectly(
  routes: readonly DirectRoute[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const target = request.url ?? '/';
  const pathname = target.split('?')[0]!;
  let params: Record<string, string> | undefined;
  const found = routes.find(
    (route) => route.method === request.method && (params = matched(route.path.exec(pathname))),
  );
  const reads = request.method === 'GET';
  const length = Number(request.headers['content-length'] ?? (reads ? 0 : NaN));
  if (!found || !params || !Number.isInteger(length) || length > MAX_BODY_BYTES) return false;
  // Read only when the handler asks, after its write limit: a client over it is refused before it sends its body.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A client gone mid-body (or cut off as too slow) has nobody to answer: a 400, not an error.
      const bytes = await readBody(request).catch(() => {
        throw new HttpError(400, 'aborted', 'the client closed the connection before its body arrived');
      });
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  // The URL's host is never read (the handler reads its path and headers): a Host the front door took is not parsed again here.
  const init = (
    reads ? { method: 'GET', headers } : { method: request.method, headers, body, duplex: 'half' }
  ) as RequestInit;
  const answer = await found.handler(new Request(`http://localhost${target}`, init), {
    params: Promise.resolve(params) as Promise<never>,
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const out: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => (out[name] = name === 'set-cookie' ? answer.headers.getSetCookie() : value));
  out['content-length'] = String(bytes.length);
  response.writeHead(answer.status, out).end(bytes);
  return true;
}

/** A path's named groups, `{}` for a path with none; undefined when it does not match. */
const matched = (match: RegExpExecArray | null) => (match ? { ...match.groups } : undefined);

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
