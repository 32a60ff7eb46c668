import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '../../../lib/http/inline-scripts';
import { secureResponse } from '../../../lib/http/security-headers';

const FLIGHT = 'self.__next_f.push([1,"0:{\\"name\\":\\"Ana \\u003cscript\\u003e\\"}\\n"])';
const START = '(self.__next_f=self.__next_f||[]).push([0])';
const INJECTED = 'window.__pwned = true';
const PAGE = `<!doctype html><html><body><p>Ana</p><script src="/_next/static/chunks/a.js" async=""></script><script>${START}</script><script>${FLIGHT}</script><script>${INJECTED}</script></body></html>`;

/**
 * lib/http/security-headers.ts on a plain Node server playing Next: the headers every answer gets,
 * and a page's policy naming the hashes of Next's own inline scripts only, whether the page was
 * written in pieces, compressed or sent with writeHead. No Redis: the unit project.
 */
describe('the headers a browser enforces', () => {
  let server: Server;
  let url: string;
  let answer: (response: ServerResponse) => void;
  const env = process.env as Record<string, string | undefined>;
  const nodeEnv = env.NODE_ENV;
  beforeAll(async () => {
    // Development's policy lets inline scripts run (Next's dev tools need them): production's is under test.
    env.NODE_ENV = 'production';
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      secureResponse(request, response);
      answer(response);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    env.NODE_ENV = nodeEnv;
    server.close();
  });
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';

  it('a page allows by hash the inline scripts Next wrote, not one injected beside them', async () => {
    answer = (response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.write(PAGE.slice(0, 100));
      response.end(PAGE.slice(100));
    };
    const response = await fetch(url);
    expect(await response.text()).toBe(PAGE);
    const policy = policyOf(response);
    expect(policy).toContain(`script-src 'self' ${scriptHash(START)} ${scriptHash(FLIGHT)};`);
    expect(policy).not.toContain(scriptHash(INJECTED));
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "connect-src 'self';"]) {
      expect(policy).toContain(directive);
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('a compressed page is hashed as the browser will read it; writeHead’s status and headers are kept', async () => {
    answer = (response) =>
      response.writeHead(404, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE));
    const response = await fetch(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(PAGE);
    expect(policyOf(response)).toContain(scriptHash(FLIGHT));
  });

  it('an answer that is not a page gets the locked policy; a route’s own policy is kept', async () => {
    answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    expect(policyOf(await fetch(url))).toMatch(/^default-src 'none';.*frame-ancestors 'none'$/);
    answer = (response) =>
      response
        .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" })
        .end('<p>docs</p>');
    expect(policyOf(await fetch(url))).toBe("script-src 'self'");
  });

  it('HSTS only when the client came over TLS, as a trusted proxy says; from anyone else X-Forwarded-Proto is ignored', async () => {
    answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const hsts = async () =>
      (await fetch(url, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security');
    expect(await hsts()).toBeNull();
    process.env.TRUST_PROXY = '1';
    expect(await hsts()).toMatch(/^max-age=\d{7,}/);
  });
});
