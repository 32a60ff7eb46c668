import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as POST_CONTRIBUTION } from '../../app/api/projects/[slug]/contributions/route';
import { DELETE as RELEASE, POST as HOLD } from '../../app/api/projects/[slug]/tiers/[tier]/hold/route';
import { GET as LIVE } from '../../app/api/projects/[slug]/live/route';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { uniqueAddress, uniqueSlug } from '../support';

/**
 * The pledge and hold routes behind the app's real server (server.ts' front door: the visitor
 * cookie given to a pledging client without one), on this run's Redis.
 */
async function answerFromRoutes(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  const web = new Request(`http://app.test${request.url}`, {
    method: request.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  const [, slug = '', rest = ''] = /^\/api\/projects\/([^/]+)\/(.*)$/.exec(request.url ?? '') ?? [];
  const tier = /^tiers\/([^/]+)\/hold$/.exec(rest)?.[1];
  const answer = tier
    ? await (request.method === 'DELETE' ? RELEASE : HOLD)(web, { params: Promise.resolve({ slug, tier }) })
    : rest === 'live'
      ? await LIVE(web, { params: Promise.resolve({ slug }) })
      : await POST_CONTRIBUTION(web, { params: Promise.resolve({ slug }) });
  response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
}

let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp({ page: (request, response) => void answerFromRoutes(request, response) });
});
afterAll(async () => app.close());

/** One client: its own address, and the cookie the server gave it, kept as a browser keeps it. */
function client(address = uniqueAddress()) {
  let cookie: string | undefined;
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        origin: app.url,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    cookie =
      response.headers
        .getSetCookie()
        .find((set) => set.startsWith('cp_vid='))
        ?.split(';')[0] ?? cookie;
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
}

async function projectWithTier(limit = 1): Promise<string> {
  const slug = uniqueSlug();
  await saveProject(
    { ...sampleProject(slug), tiers: [{ id: 'vinyl', title: 'Vinyl', description: '', minimum: 10, limit }] },
    0,
    app.redis,
  );
  return slug;
}
const live = async (slug: string) =>
  (await client()('GET', `/api/projects/${slug}/live`)).body as {
    backers: number;
    tiers: { held: number; left: number }[];
  };

describe('holds over HTTP', () => {
  it('201 then 200 with the same hold, 409 tier_sold_out for another visitor, 404 for an unknown tier or project, DELETE 204 gives it back', async () => {
    const slug = await projectWithTier(1);
    const ada = client();
    const grace = client();
    const first = await ada('POST', `/api/projects/${slug}/tiers/vinyl/hold`);
    const again = await ada('POST', `/api/projects/${slug}/tiers/vinyl/hold`);
    expect(first).toEqual({ status: 201, body: { tier: 'vinyl', expiresAt: expect.any(Number) } });
    expect(again).toEqual({ status: 200, body: first.body });
    expect((await live(slug)).tiers[0]).toMatchObject({ held: 1, left: 0 });
    expect(await grace('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).toMatchObject({
      status: 409,
      body: { error: { code: 'tier_sold_out' } },
    });
    expect((await grace('POST', `/api/projects/${slug}/tiers/nope/hold`)).status).toBe(404);
    expect((await grace('POST', `/api/projects/${uniqueSlug()}/tiers/vinyl/hold`)).status).toBe(404);

    expect((await ada('DELETE', `/api/projects/${slug}/tiers/vinyl/hold`)).status).toBe(204);
    expect((await live(slug)).tiers[0]).toMatchObject({ held: 0, left: 1 });
    expect((await grace('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).status).toBe(201);
    // The holder's pledge consumes the hold: the place is claimed, no longer held.
    expect(
      (await grace('POST', `/api/projects/${slug}/contributions`, { name: 'Grace', amount: 10, tier: 'vinyl' })).status,
    ).toBe(201);
    expect((await live(slug)).tiers[0]).toMatchObject({ claimed: 1, held: 0, left: 0 });
  });
});

describe('a name never makes a backer', () => {
  it('two cookie-less clients pledging under one name are 2 backers; one visitor under two names is 1', async () => {
    const slug = await projectWithTier();
    expect((await client()('POST', `/api/projects/${slug}/contributions`, { name: 'Ada', amount: 5 })).status).toBe(
      201,
    );
    expect((await client()('POST', `/api/projects/${slug}/contributions`, { name: 'Ada', amount: 5 })).status).toBe(
      201,
    );
    expect((await live(slug)).backers).toBe(2);

    const other = await projectWithTier();
    const one = client();
    await one('POST', `/api/projects/${other}/contributions`, { name: 'Ada', amount: 5 });
    await one('POST', `/api/projects/${other}/contributions`, { name: 'Ada Lovelace', amount: 7 });
    expect((await live(other)).backers).toBe(1);
  });
});

describe('limits', () => {
  const saved = { perMin: process.env.RATE_LIMIT_PER_MIN, newIds: process.env.RATE_LIMIT_NEW_VISITORS_PER_HOUR };
  afterEach(() => {
    for (const [name, value] of [
      ['RATE_LIMIT_PER_MIN', saved.perMin],
      ['RATE_LIMIT_NEW_VISITORS_PER_HOUR', saved.newIds],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('a hold is a write: past RATE_LIMIT_PER_MIN from one address, 429', async () => {
    process.env.RATE_LIMIT_PER_MIN = '2';
    const slug = await projectWithTier(5);
    const ada = client();
    expect((await ada('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).status).toBe(201);
    expect((await ada('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).status).toBe(200);
    expect(await ada('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).toMatchObject({
      status: 429,
      body: { error: { code: 'rate_limited' } },
    });
  });

  it('a cookie-less pledge or hold takes a new visitor from its address budget: past it, 429 and nothing written', async () => {
    process.env.RATE_LIMIT_PER_MIN = '1000';
    process.env.RATE_LIMIT_NEW_VISITORS_PER_HOUR = '3';
    const slug = await projectWithTier();
    const address = uniqueAddress();
    // Its wider networks may have given ids to this file's other clients: count until refused.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 10)
      statuses.push(
        (await client(address)('POST', `/api/projects/${slug}/contributions`, { name: 'Ada', amount: 5 })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect((await live(slug)).backers).toBe(statuses.length - 1);
    // A hold is a visitor's too: refused the same way, nothing held.
    expect((await client(address)('POST', `/api/projects/${slug}/tiers/vinyl/hold`)).status).toBe(429);
    expect((await live(slug)).tiers[0]).toMatchObject({ held: 0 });
  });
});
