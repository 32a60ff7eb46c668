import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetProblem } from '../../lib/http/request-target';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/reliability.md: a target Next would resolve to another path (dot segments, encoded dots,
 * backslashes, doubled or encoded slashes) is refused with the API's 400 before the front door's
 * policy, its limits or any route reads it. Sent raw (fetch would resolve them itself).
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(async () => app.close());

function send(
  path: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Every spelling of "go up from Next's files" (or the health probe) into what they stand for. */
const spellings = (to: string) => [
  `/_next/..${to}`,
  `/_next/.%2e${to}`,
  `/_next/%2E%2E${to}`,
  `/_next/./..${to}`,
  `/api/health/..${to}`,
  `/_next/..\\..${to.replaceAll('/', '\\')}`,
  `/${to}`,
  `/_next//..${to}`,
  `/_next#/..${to}`,
];

const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' };

describe('one path, decided once', () => {
  it('a cross-site text/plain write spelled around the front door is a 400 invalid_path, as the plain path is a 403', async () => {
    expect(
      (await send('/api/projects/some-slug/contributions', 'POST', CROSS_SITE, '{"name":"x","amount":1}')).status,
    ).toBe(403);
    for (const path of spellings('/api/projects/some-slug/contributions')) {
      const answer = await send(path, 'POST', CROSS_SITE, '{"name":"x","amount":1}');
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(answer.body).error.code).toBe('invalid_path');
    }
  });

  it('reads and page renders spelled so are refused too, uncounted and unrendered; the plain paths answer as before', async () => {
    const renders = app.server.renders();
    for (const to of ['/api/projects', '/leaderboard', '/?after=123.no-such-project']) {
      for (const path of spellings(to))
        expect({ path, status: (await send(path, 'GET')).status }).toEqual({ path, status: 400 });
    }
    expect(app.server.renders()).toBe(renders);
    expect((await send('/en/leaderboard', 'GET')).status).toBe(200);
    expect((await send('/projects/x/', 'GET')).status).not.toBe(400); // a trailing slash is Next's to redirect
    expect((await send('/api/health', 'GET')).status).toBe(200);
  });

  it('names what it refuses, and takes a plain path, a query with dots and slashes, or an escaped character in a segment', () => {
    expect(targetProblem('/_next/../api')).toMatch(/dot segment/);
    expect(targetProblem('/a//b')).toMatch(/doubled slash/);
    expect(targetProblem('/a\\b')).toMatch(/backslash/);
    expect(targetProblem('/a/%zz')).toMatch(/well-formed/);
    // An escaped slash or backslash stays inside its segment, for Next too: the route's own 4xx (the fuzz's cross-site 403 first).
    for (const plain of [
      '/',
      '/projects/x',
      '/projects/x/',
      '/?after=1.a/../b',
      '/api/projects/a%2db',
      '/a..b/.c',
      '/api/projects/a%2Fb',
      '/api/projects/%5C',
    ]) {
      expect(targetProblem(plain)).toBeUndefined();
    }
  });
});
