import { mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getHealth } from '../../app/api/health/route';
import { GET as getMetrics } from '../../app/api/metrics/route';
import { appRoutePatterns } from '../../lib/http/route-patterns';
import { uniqueAddress } from '../support';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/reliability.md, "Every path through the front door": each path Next serves is either
 * counted against the address's read budget or answered without Next at all. The app's real
 * front door runs here; "Next" is a stub that counts what reaches it (and runs the real metrics
 * route, whose failed tokens are counted).
 */
const BUDGET = 3;
const TRIES = BUDGET + 3;
let app: InProcessApp;
let staticDir: string;
const reachedNext: string[] = [];
const saved = {
  writes: process.env.RATE_LIMIT_PER_MIN,
  reads: process.env.RATE_LIMIT_READS_PER_MIN,
  tokens: process.env.RATE_LIMIT_FAILED_TOKENS_PER_HOUR,
  proxy: process.env.TRUST_PROXY,
};
const CHUNK = `console.log(${JSON.stringify('chunk '.repeat(2_000))});\n`;

async function stubNext(request: IncomingMessage, response: ServerResponse): Promise<void> {
  reachedNext.push(request.url!);
  if (request.url!.startsWith('/api/metrics')) {
    const headers = new Headers(
      Object.entries(request.headers).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
    );
    const answer = await getMetrics(new Request(`http://app.test${request.url}`, { headers }), {
      params: Promise.resolve({}),
    });
    return void response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
  }
  response.writeHead(200, { 'content-type': 'text/html' }).end('<p>rendered</p>');
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'next-static-'));
  mkdirSync(path.join(staticDir, 'chunks/app/projects/[slug]'), { recursive: true });
  writeFileSync(path.join(staticDir, 'chunks/main-abc.js'), CHUNK);
  writeFileSync(path.join(staticDir, 'chunks/app/projects/[slug]/page-def.js'), CHUNK);
  process.env.RATE_LIMIT_PER_MIN = '120';
  process.env.RATE_LIMIT_READS_PER_MIN = String(BUDGET);
  process.env.RATE_LIMIT_FAILED_TOKENS_PER_HOUR = String(BUDGET);
  process.env.TRUST_PROXY = '1';
  const direct = [{ method: 'GET', path: /^\/api\/health$/, handler: getHealth }];
  app = await startInProcessApp({
    page: (request, response) => void stubNext(request, response),
    server: { staticDir, direct },
  });
});
afterAll(async () => {
  for (const [name, value] of [
    ['RATE_LIMIT_PER_MIN', saved.writes],
    ['RATE_LIMIT_READS_PER_MIN', saved.reads],
    ['RATE_LIMIT_FAILED_TOKENS_PER_HOUR', saved.tokens],
    ['TRUST_PROXY', saved.proxy],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The bytes as sent, not decoded (fetch would decode them). */
function raw(
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(app.url + target, { headers: { 'x-forwarded-for': uniqueAddress(), ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

const get = (target: string, headers: Record<string, string> = {}) =>
  fetch(app.url + target, { headers: { 'x-forwarded-for': uniqueAddress(), ...headers }, redirect: 'manual' });

/** Every route of app/ with its segments filled in, and what Next serves besides (its files, its image optimiser, its dev paths). */
const NEXT_PATHS = [
  ...appRoutePatterns().map(({ pattern }) => pattern.replace(/\[[^\]]+\]/g, 'x')),
  '/_next/image?url=%2Fprojects%2Fno-such-1&w=64&q=75',
  '/_next/image/',
  '/_next/static/chunks/main-abc.js',
  '/_next/static/chunks/app/projects/%5Bslug%5D/page-def.js',
  '/_next/static/chunks/no-such.js',
  '/_next/static/../../package.json',
  '/_next/data/build/index.json',
  '/_next/webpack-hmr',
  '/_next/',
  '/favicon.ico',
  '/__nextjs_original-stack-frame?file=x',
  '/no-such-page',
];

describe('every path Next serves', () => {
  for (const target of NEXT_PATHS) {
    it(`${target}: counted (at most ${BUDGET} answers from Next, then 429) or answered without Next`, async () => {
      const address = uniqueAddress();
      const before = reachedNext.length;
      const statuses: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        const response = await get(target, { 'x-forwarded-for': address, 'accept-encoding': 'gzip' });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      const nextAnswered = reachedNext.length - before;
      expect(statuses).not.toContain(500);
      if (nextAnswered > 0) {
        expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(BUDGET);
        expect(statuses.at(-1)).toBe(429);
      }
    });
  }

  it('/_next/image renders nothing: a 404 from the front door', async () => {
    const before = reachedNext.length;
    const response = await get('/_next/image?url=%2Fprojects%2Fx&w=64&q=75');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(reachedNext.length).toBe(before);
  });
});

describe("the build's files", () => {
  it('are compressed once and kept in memory (br or gzip as asked), immutable, with an ETag and a 304', async () => {
    const target = '/_next/static/chunks/app/projects/%5Bslug%5D/page-def.js';
    const br = await raw(target, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(br.headers.etag);
    expect(brotliDecompressSync(br.body).toString()).toBe(CHUNK);
    // Gone from the disk, still answered: read once, kept.
    rmSync(path.join(staticDir, 'chunks/app/projects/[slug]/page-def.js'));
    const gzip = await raw(target, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(CHUNK);
    const plain = await raw(target, {});
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, CHUNK]);
    const held = await get(target, { 'if-none-match': etag });
    expect(held.status).toBe(304);
    expect((await held.arrayBuffer()).byteLength).toBe(0);
  });
});

describe("the API reference's files", () => {
  it('are answered from memory without Next, compressed, with an ETag and a 304', async () => {
    const before = reachedNext.length;
    const bundle = readFileSync(path.join(process.cwd(), 'node_modules/swagger-ui-dist/swagger-ui-bundle.js'), 'utf8');
    const first = await raw('/api/docs/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(first.body).toString()).toBe(bundle);
    const etag = first.headers.etag as string | undefined;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/docs/swagger-ui-bundle.js', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    const css = await get('/api/docs/swagger-ui.css', { 'accept-encoding': 'br' });
    expect([css.status, css.headers.get('content-encoding')]).toEqual([200, 'br']);
    await css.arrayBuffer();
    expect(reachedNext.length).toBe(before);
  });
});
