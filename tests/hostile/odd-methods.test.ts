import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/reliability.md: TRACE, CONNECT, WebDAV's and unknown methods get a 405, a malformed
 * `Next-Router-State-Tree` a 400, before Next (which answered both 500). The stub standing for
 * Next answers 500 to everything, so any request reaching it shows.
 */
let app: InProcessApp;
let port: number;
let reachedNext = 0;
beforeAll(async () => {
  app = await startInProcessApp({
    page: (_request, response) => {
      reachedNext++;
      response.writeHead(500).end();
    },
  });
  port = Number(new URL(app.url).port);
});
afterAll(async () => app.close());

/** The status line of the answer to a request written by hand. */
function statusOf(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (/\r\n\r\n/.test(text)) socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}

const request = (method: string, target: string, headers = '') =>
  statusOf(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n`);

describe('odd methods', () => {
  const cases = [
    ['TRACE', '/api/health'],
    ['TRACE', '/api/projects/x'],
    ['TRACE', '/'],
    ['TRACE', '/_next/static/chunks/x.js'],
    ['POST', '/_next/image'],
    ['PROPFIND', '/api/projects'],
    ['MKCOL', '/projects/x'],
    ['SEARCH', '/api/leaderboard'],
    ['FOO', '/api/health'],
    ['BREW', '/'],
  ] as const;
  for (const [method, target] of cases) {
    it(`${method} ${target}: 405, Next never asked`, async () => {
      const before = reachedNext;
      const answer = await request(method, target);
      expect(answer.status).toBe(405);
      expect(reachedNext).toBe(before);
    });
  }

  it('CONNECT (a proxy tunnel): 405, the connection answered rather than dropped', async () => {
    const answer = await statusOf(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`);
    expect(answer.status).toBe(405);
  });
});

describe('Next-Router-State-Tree', () => {
  const malformed = [
    'not json',
    '%E0%A4%A',
    encodeURIComponent('{"a":1}'),
    encodeURIComponent('["",{"children":[1]}]'),
    encodeURIComponent('["",{},null,"nope"]'),
  ];
  for (const value of malformed) {
    for (const target of ['/', '/projects/x?_rsc=1', '/api/projects']) {
      it(`${value.slice(0, 24)} on ${target}: 400 invalid_header, Next never asked`, async () => {
        const before = reachedNext;
        const response = await fetch(app.url + target, { headers: { rsc: '1', 'next-router-state-tree': value } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: { code: 'invalid_header' } });
        expect(reachedNext).toBe(before);
      });
    }
  }

  it("one over Node's 16 KiB of head: 400 too, from the parser", async () => {
    const response = await fetch(`${app.url}/`, {
      headers: { rsc: '1', 'next-router-state-tree': 'x'.repeat(20_000) },
    });
    expect(response.status).toBe(400);
  });

  it('a sound one is handed to Next', async () => {
    const before = reachedNext;
    const response = await fetch(`${app.url}/projects/x`, {
      headers: {
        rsc: '1',
        'next-router-state-tree': encodeURIComponent(
          '["",{"children":["projects",{"children":[["slug","x","d",null],{}]}]},null,"refetch"]',
        ),
      },
    });
    await response.arrayBuffer();
    expect(reachedNext).toBe(before + 1);
  });
});
