import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../app/api/projects/route';
import { PUT } from '../../app/api/projects/[slug]/route';
import { POST as POST_CONTRIBUTION } from '../../app/api/projects/[slug]/contributions/route';
import { recordContribution } from '../../lib/live-events';
import { getProject } from '../../lib/projects/catalogue';
import { catalogueKeys, projectKeys } from '../../lib/projects/keys';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { liveContext, testClock, uniqueAddress, uniqueSlug } from '../support';

/**
 * The catalogue's routes, called as Next calls them (the handler with a Request), on this run's
 * Redis: `GET /api/projects` pages with a Link header, `PUT /api/projects/:slug` creates and updates.
 */
let app: InProcessApp;
const TOKEN = 'catalogue-routes-test-token';
beforeAll(async () => {
  app = await startInProcessApp();
  process.env.ADMIN_TOKEN = TOKEN;
});
afterAll(async () => app.close());

function put(slug: string, body: unknown, token = TOKEN) {
  const request = new Request(`http://app.test/api/projects/${slug}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': uniqueAddress(),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return PUT(request, { params: Promise.resolve({ slug }) });
}

const list = (query: string) => GET(new Request(`http://app.test/api/projects${query}`), undefined);

const valid = (account: string) => ({
  title: 'Night Market Radio',
  creator: 'Noor Haddad',
  creatorAccount: account,
  goal: 12_000,
});

describe('PUT /api/projects/:slug', () => {
  it('creates (201), then updates (200) without resetting the total, and the project is on a page of the catalogue', async () => {
    const slug = uniqueSlug();
    const account = `acc_${uniqueSlug()}`;

    const created = await put(slug, valid(account));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      slug,
      raised: 0,
      tagline: '',
      currency: 'EUR',
      art: { motif: 'waves' },
    });
    await recordContribution(slug, { name: 'Ada', amount: 70 }, liveContext(app.redis, testClock()));

    const updated = await put(slug, { ...valid(account), title: 'Night Market Radio II', tagline: 'Louder' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ slug, title: 'Night Market Radio II', tagline: 'Louder', raised: 70 });
    expect(await getProject(slug, app.redis)).toMatchObject({ title: 'Night Market Radio II', raised: 70 });
    const again = await put(slug, {
      ...valid(account),
      title: 'Night Market Radio II',
      tagline: 'Louder',
      currency: 'USD',
    });
    expect(again.status).toBe(200);
    // The project's own currency, kept with it and on its card: its pages write its money in it.
    expect(await getProject(slug, app.redis)).toMatchObject({ currency: 'USD', raised: 70 });

    // New projects are listed last: page to the end and find it once.
    const seen: string[] = [];
    let next: string | null = '?limit=100';
    while (next) {
      const response = await list(next);
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as { slug: string }[]).map((project) => project.slug));
      next = /^<\/api\/projects(\?[^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(seen.filter((listed) => listed === slug)).toHaveLength(1);
  });

  it('listed: false keeps a project off the catalogue and its creator index, and takes a listed one off; its page still works', async () => {
    const slug = uniqueSlug();
    const account = `acc_${uniqueSlug()}`;
    const unlisted = await put(slug, { ...valid(account), listed: false });
    expect(unlisted.status).toBe(201);
    expect(await unlisted.json()).toMatchObject({ slug, raised: 0 });
    const onCatalogue = async () =>
      (await app.redis.hexists(catalogueKeys.cards, slug)) +
      (await app.redis.sismember(catalogueKeys.byCreator(account), slug)) +
      (await app.redis.zrangebylex(catalogueKeys.order, '-', '+')).filter((member) => member.endsWith(`:${slug}`))
        .length;
    expect(await onCatalogue()).toBe(0);
    await recordContribution(slug, { name: 'Ada', amount: 70 }, liveContext(app.redis, testClock()));
    expect(await getProject(slug, app.redis)).toMatchObject({ raised: 70 });

    expect((await put(slug, valid(account))).status).toBe(200);
    expect(await onCatalogue()).toBe(3);
    expect((await put(slug, { ...valid(account), listed: false })).status).toBe(200);
    expect(await onCatalogue()).toBe(0);
    expect(await app.redis.hget(projectKeys.info(slug), 'listed')).toBeNull();
    expect((await put(slug, { ...valid(account), listed: 'no' })).status).toBe(400);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const slug = uniqueSlug();
    const account = `acc_${uniqueSlug()}`;
    const bad: unknown[] = [
      '{"title": ',
      {},
      { ...valid(account), goal: 0 },
      { ...valid(account), goal: 1.5 },
      { ...valid(account), title: '' },
      { ...valid(account), title: 'x'.repeat(81) },
      { ...valid(account), creatorAccount: '{catalogue}' },
      { ...valid(account), art: { motif: 'spirals', colors: ['#000000', '#000000', '#000000'] } },
      { ...valid(account), art: { motif: 'waves', colors: ['red', '#000000', '#000000'] } },
      { ...valid(account), raised: 1_000_000 },
      { ...valid(account), currency: 'eur' },
      { ...valid(account), currency: 'XYZ' },
      { ...valid(account), currency: 'EURO' },
    ];
    for (const body of bad) expect((await put(slug, body)).status, JSON.stringify(body)).toBe(400);
    expect((await put('Not_A_Slug', valid(account))).status).toBe(400);
    expect(await app.redis.exists(projectKeys.info(slug))).toBe(0);
    expect(await app.redis.exists(catalogueKeys.byCreator(account))).toBe(0);
    expect(await app.redis.hexists(catalogueKeys.cards, slug)).toBe(0);
  });

  it('refuses a missing or wrong admin token with a 401', async () => {
    const slug = uniqueSlug();
    expect((await put(slug, valid('acc_x'), 'wrong')).status).toBe(401);
    expect(await app.redis.exists(projectKeys.info(slug))).toBe(0);
  });
});

describe('GET /api/projects', () => {
  it('answers a JSON array of at most `limit` projects and the next page in a Link header', async () => {
    for (let i = 0; i < 3; i++) expect((await put(uniqueSlug(), valid(`acc_${uniqueSlug()}`))).status).toBe(201);
    const first = await list('?limit=2');
    const projects = (await first.json()) as { slug: string }[];
    expect(projects).toHaveLength(2);
    const link = first.headers.get('link');
    expect(link).toMatch(/^<\/api\/projects\?limit=2&after=\d+\.[a-z0-9-]+>; rel="next"$/);
    const second = (await (await list(/<\/api\/projects(\?[^>]+)>/.exec(link!)![1]!)).json()) as { slug: string }[];
    expect(second).toHaveLength(2);
    expect(second.map((project) => project.slug)).not.toContain(projects[1]!.slug);
    expect(first.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a bad cursor or limit with a clear 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?after=nope',
      '?after=12.Bad_Slug',
      '?after=99999999999999999.x',
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_input', field: expect.stringMatching(/^(limit|after)$/) },
      });
    }
  });
});

describe('a campaign that ends, through the API', () => {
  const contribute = (slug: string, body: unknown) => {
    const request = new Request(`http://app.test/api/projects/${slug}/contributions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueAddress() },
      body: JSON.stringify(body),
    });
    return POST_CONTRIBUTION(request, { params: Promise.resolve({ slug }) });
  };

  it('keeps the endsAt a PUT gives, and answers a contribution past it 409 campaign_ended with nothing written', async () => {
    const slug = uniqueSlug();
    const endsAt = Date.now() - 1_000;
    const created = await put(slug, { ...valid(`acc_${uniqueSlug()}`), endsAt });
    expect(await created.json()).toMatchObject({ slug, endsAt });
    expect((await getProject(slug, app.redis))?.endsAt).toBe(endsAt);

    const refused = await contribute(slug, { name: 'Ada', amount: 25 });

    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'campaign_ended', message: 'the campaign has ended' } });
    expect(await getProject(slug, app.redis)).toMatchObject({ raised: 0 });
    expect(await app.redis.exists(projectKeys.backers(slug))).toBe(0);
  });

  it('refuses an endsAt that is not a time', async () => {
    const response = await put(uniqueSlug(), { ...valid(`acc_${uniqueSlug()}`), endsAt: 'tomorrow' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', field: 'endsAt' } });
  });
});

describe('GET /api/projects?order=ending', () => {
  it('pages the campaigns still open, soonest end first, its Link keeping the order', async () => {
    const far = Date.now() + 2_000 * 24 * 3_600_000;
    const account = `acc_${uniqueSlug()}`;
    const [first, second] = [uniqueSlug(), uniqueSlug()];
    await put(second, { ...valid(account), endsAt: far + 2 });
    await put(first, { ...valid(account), endsAt: far + 1 });

    const seen: string[] = [];
    let next: string | null = '?order=ending&limit=1';
    while (next && !seen.includes(second)) {
      const response = await list(next);
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as { slug: string }[]).map((project) => project.slug));
      const link = response.headers.get('link');
      if (link) expect(link).toMatch(/order=ending/);
      next = /^<\/api\/projects(\?[^>]+)>; rel="next"$/.exec(link ?? '')?.[1] ?? null;
    }
    expect(seen.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(second)).toBe(seen.indexOf(first) + 1);
  });
});
