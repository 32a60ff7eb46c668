import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A file held in memory, compressed once: what a request for it costs is a lookup and a write. */
export type MemoryFile = {
  type: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = /^(?:text\/|application\/json|image\/svg)/;

/** Next's hashed build files: their names change with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function memoryFile(body: Buffer, name: string, cacheControl: string): MemoryFile {
  const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (!COMPRESSIBLE.test(type) || body.length < 1024) return { type, cacheControl, etag, identity: body };
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  return { type, cacheControl, etag, identity: body, gzip: gzipSync(body, { level: 9 }), br };
}

/** The encoding the client takes that we hold: br, then gzip, else none (q=0 refuses one). */
function encodingFor(request: IncomingMessage, file: MemoryFile): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(?:\.0*)?\s*$/.test(q ?? ''))
    .map(([name]) => name!.toLowerCase());
  if (file.br && accepted.includes('br')) return 'br';
  if (file.gzip && accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** Answers GET or HEAD for a file: 304 when the client holds this ETag, else the bytes in the best encoding it takes. */
export function answerFromMemory(request: IncomingMessage, response: ServerResponse, file: MemoryFile): void {
  const headers: Record<string, string> = {
    'Cache-Control': file.cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  };
  const presented = String(request.headers['if-none-match'] ?? '');
  if (presented.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag))
    return void response.writeHead(304, headers).end();
  const encoding = encodingFor(request, file);
  const body = encoding ? file[encoding]! : file.identity;
  if (encoding) headers['Content-Encoding'] = encoding;
  response.writeHead(200, { ...headers, 'Content-Type': file.type, 'Content-Length': String(body.length) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/**
 * The files under `root` (Next's `.next/static`), listed once at start: a name not listed is
 * answered 404 without touching the disk; a listed one is read and compressed on its first
 * request and kept. A build's files never change while it runs.
 */
export function staticFiles(root: string): (name: string) => MemoryFile | undefined {
  const listed = new Set(listFiles(root));
  const loaded = new Map<string, MemoryFile>();
  return (name) => {
    if (!listed.has(name)) return undefined;
    let file = loaded.get(name);
    if (!file) loaded.set(name, (file = memoryFile(readFileSync(path.join(root, name)), name, IMMUTABLE)));
    return file;
  };
}
