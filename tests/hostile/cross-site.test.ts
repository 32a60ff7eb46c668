import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectFeedKeys } from '../../lib/feed/keys';
import { createProject } from '../support';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * Finding 1 of round three: writes only from the site itself. A browser's request from another
 * site's page (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`) writes nothing and gets no
 * visitor cookie; a body must be JSON; pages answer only GET and HEAD. Clients that are not
 * browsers (no `Origin`, no `Sec-Fetch-*`) are served as before. The follow route is the real one.
 */
let app: InProcessApp;
beforeAll(async () => {
  process.env.ALLOWED_ORIGINS = 'https://partner.example';
  process.env.TRUST_PROXY = '1';
  app = await startInProcessApp();
});
afterAll(async () => app.close());
afterEach(() => {
  process.env.TRUST_PROXY = '1';
});

let next = 0;
const freshAddress = () => `198.51.100.${++next}`;

type Sent = { status: number; code?: string; cookie: boolean; allow?: string };
/** node:http, not fetch: fetch sets Sec-Fetch-Mode itself, and these requests play a browser's. */
function send(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      app.url + path,
      { method, headers: { 'x-forwarded-for': freshAddress(), ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const json =
            String(response.headers['content-type']).startsWith('application/json') && text
              ? (JSON.parse(text) as { error?: { code: string } })
              : undefined;
          const cookie = (response.headers['set-cookie'] ?? []).some((c) => c.startsWith('cp_vid='));
          resolve({ status: response.statusCode!, code: json?.error?.code, cookie, allow: response.headers.allow });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const follow = (slug: string, headers: Record<string, string>, contentType = 'application/json') =>
  send('/api/follows', {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: JSON.stringify({ slug }),
  });
const followers = (slug: string) => app.redis.zcard(projectFeedKeys(slug).followers);

describe('writes from another site', () => {
  it('are refused with 403, write nothing and give no visitor cookie: a foreign Origin, `null`, or Sec-Fetch-Site: cross-site', async () => {
    const slug = await createProject(app.redis);
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: app.url.replace('127.0.0.1', 'localhost') },
      { origin: app.url.replace('http:', 'https:') },
      { 'sec-fetch-site': 'cross-site' },
      { origin: app.url, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attacks)
      expect(await follow(slug, headers)).toMatchObject({ status: 403, code: 'cross_site', cookie: false });
    // What a `<form>` sends: text/plain, from another site.
    expect(await follow(slug, { origin: 'https://evil.example' }, 'text/plain')).toMatchObject({
      status: 403,
      cookie: false,
    });
    // A quiz start is a new visitor id too: refused before any cookie is given.
    const quiz = await send('/api/quiz/sessions', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(quiz).toMatchObject({ status: 403, cookie: false });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(
        await send(`/api/projects/${slug}`, { method, headers: { 'sec-fetch-site': 'cross-site' } }),
      ).toMatchObject({ status: 403 });
    }
    expect(await followers(slug)).toBe(0);
  });

  it('from the site itself, an allowed origin, a same-site page, or a client that is no browser, are served', async () => {
    const slug = await createProject(app.redis);
    const allowed: Record<string, string>[] = [
      { origin: app.url },
      { origin: 'https://partner.example' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of allowed) expect(await follow(slug, headers)).toMatchObject({ status: 201, cookie: true });
    expect(await followers(slug)).toBe(allowed.length);
  });

  it('behind a trusted proxy, the origin is the one the client addressed (X-Forwarded-Host and -Proto); from anyone else those headers are ignored', async () => {
    const slug = await createProject(app.redis);
    const forwarded = {
      origin: 'https://crowdpulse.example',
      'x-forwarded-host': 'crowdpulse.example',
      'x-forwarded-proto': 'https',
    };
    expect(await follow(slug, forwarded)).toMatchObject({ status: 201 });
    process.env.TRUST_PROXY = '192.0.2.1'; // this test's peer (loopback) is no trusted proxy any more
    expect(await follow(slug, forwarded)).toMatchObject({ status: 403, code: 'cross_site' });
  });
});

describe('bodies', () => {
  it('must be application/json (415, nothing written); a write without a body needs no type', async () => {
    const slug = await createProject(app.redis);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ]) {
      expect(await follow(slug, {}, type)).toMatchObject({
        status: 415,
        code: 'unsupported_media_type',
        cookie: false,
      });
    }
    expect(await follow(slug, {}, 'Application/JSON; charset=utf-8')).toMatchObject({ status: 201 });
    expect(await send(`/api/follows/${slug}`, { method: 'DELETE' })).toMatchObject({ status: 204 });
  });
});

describe('pages', () => {
  it('answer 405 with Allow to any method but GET and HEAD, and render nothing', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      expect(await send('/projects/anything', { method, headers: { accept: 'text/html' } })).toMatchObject({
        status: 405,
        allow: 'GET, HEAD',
        cookie: false,
      });
    }
    expect(await send('/en', { method: 'HEAD', headers: { accept: 'text/html' } })).toMatchObject({ status: 200 });
  });

  it('open from another site’s link (a top-level navigation), but are not rendered in its frames or fetches, nor given a visitor id there', async () => {
    const page = (headers: Record<string, string>) =>
      send('/en/projects/x', { headers: { accept: 'text/html', ...headers } });
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect(await page({ ...crossSite, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })).toMatchObject({
      status: 200,
      cookie: true,
    });
    expect(await page({ ...crossSite, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' })).toMatchObject({
      status: 403,
      cookie: false,
    });
    expect(await page({ ...crossSite, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })).toMatchObject({
      status: 403,
      cookie: false,
    });
    expect(
      await page({ ...crossSite, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: 'https://evil.example' }),
    ).toMatchObject({ status: 403 });
    expect(await page({ origin: 'https://evil.example' })).toMatchObject({ status: 403, cookie: false });
    expect(
      await page({ 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' }),
    ).toMatchObject({ status: 200 });
  });
});
