import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin } from '../../lib/http/public-origin';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/configuration.md (PUBLIC_ORIGIN) and docs/reliability.md: the Host header is checked
 * before anything reads it, a foreign or malformed one is a 400 `invalid_host` (never a 500), and
 * a page's `connect-src` comes from configuration, never from the request.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(async () => app.close());
afterEach(() => {
  delete process.env.PUBLIC_ORIGIN;
});

type Answer = { status: number; body: string; policy: string };
function send(path: string, method: string, host: string): Promise<Answer> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const headers = {
      host,
      accept: 'text/html',
      ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': '2' } : {}),
    };
    const sent = request({ hostname, port, path, method, headers, setHost: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          body,
          policy: String(response.headers['content-security-policy'] ?? ''),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(method === 'POST' ? '{}' : undefined);
  });
}

/** An HTTP/1.0 request without Host, as HAProxy's health check sends: its status line. */
async function withoutHost(path: string): Promise<string> {
  const { hostname, port } = new URL(app.url);
  const socket = connect(Number(port), hostname);
  socket.end(`GET ${path} HTTP/1.0\r\n\r\n`);
  let reply = '';
  for await (const chunk of socket) reply += String(chunk);
  return reply.split('\r\n')[0]!;
}

const INJECTED = "evil.example; script-src 'unsafe-inline' *";

describe('the Host header', () => {
  it('a malformed Host (an injected directive, a space) is a 400 invalid_host on a page, a read and the contribution POST, never a 500', async () => {
    for (const host of [INJECTED, 'a b', 'x"y', 'example.org:port', '']) {
      for (const [method, path] of [
        ['GET', '/projects/x'],
        ['GET', '/api/projects'],
        ['POST', '/api/projects/x/contributions'],
      ]) {
        if (host === '') continue; // an empty Host is Node's own 400
        const answer = await send(path!, method!, host);
        expect({ host, path, status: answer.status }).toEqual({ host, path, status: 400 });
        expect(JSON.parse(answer.body).error.code).toBe('invalid_host');
        expect(answer.policy).not.toContain('unsafe-inline');
      }
    }
    expect(app.crashes).toEqual([]);
  });

  it("without PUBLIC_ORIGIN any well-formed Host is served, and a page's connect-src is the site's own ('self'), not that host", async () => {
    const page = await send('/en/projects/x', 'GET', 'anything.example:8080');
    expect(page.status).toBe(200);
    expect(page.policy).toContain("connect-src 'self';");
    expect(page.policy).not.toContain('anything.example');
    expect(await withoutHost('/api/health')).toMatch(/^HTTP\/1\.1 200/);
  });

  it("with PUBLIC_ORIGIN only its host and loopback names are served; connect-src names its wss: socket; a socket's handshake with another Host is refused", async () => {
    process.env.PUBLIC_ORIGIN = 'https://crowdpulse.example';
    const own = await send('/en/projects/x', 'GET', 'CrowdPulse.example');
    expect(own.status).toBe(200);
    expect(own.policy).toContain("connect-src 'self' wss://crowdpulse.example;");
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:80'])
      expect((await send('/en/projects/x', 'GET', host)).status).toBe(200);
    // The probes are asked of each instance by its address: a health check, Prometheus.
    for (const path of ['/api/health', '/api/metrics'])
      expect((await send(path, 'GET', '10.0.0.5:3000')).status).not.toBe(400);
    expect(await withoutHost('/api/health')).toMatch(/^HTTP\/1\.1 200/);
    for (const host of ['evil.example', 'crowdpulse.example.evil.example', '203.0.113.9']) {
      const answer = await send('/en/projects/x', 'GET', host);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toEqual({
        code: 'invalid_host',
        message: 'this site answers as crowdpulse.example only',
      });
    }
    await expect(app.open({ headers: { host: 'evil.example' } })).rejects.toThrow();
    (await app.open({ headers: { host: 'crowdpulse.example' } })).close();
  });

  it('PUBLIC_ORIGIN must be an http(s) origin, no path, query or credentials: anything else stops the start', () => {
    expect(publicOrigin({ PUBLIC_ORIGIN: 'https://crowdpulse.example' })?.host).toBe('crowdpulse.example');
    expect(publicOrigin({})).toBeUndefined();
    for (const bad of [
      'crowdpulse.example',
      'ftp://crowdpulse.example',
      'https://crowdpulse.example/app',
      'https://u:p@crowdpulse.example',
    ]) {
      expect(() => publicOrigin({ PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});

describe("Socket.IO's own HTTP answers", () => {
  it('carry nosniff and the locked policy: a polling handshake, and its 400 for an unknown transport', async () => {
    for (const path of ['/socket.io/?EIO=4&transport=polling', '/socket.io/?EIO=4&transport=bogus']) {
      const response = await fetch(app.url + path);
      await response.arrayBuffer();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });
});
