import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as POST_CONTRIBUTION } from '../../app/api/projects/[slug]/contributions/route';
import { DELETE as CANCEL } from '../../app/api/projects/[slug]/contributions/[id]/route';
import { GET as RECONCILE } from '../../app/api/projects/[slug]/reconcile/route';
import { PUT } from '../../app/api/projects/[slug]/route';
import { GET as LIVE } from '../../app/api/projects/[slug]/live/route';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { uniqueAddress, uniqueSlug } from '../support';

/** The ledger's routes, called as Next calls them, on this run's Redis. */
let app: InProcessApp;
const TOKEN = 'ledger-routes-test-token';
beforeAll(async () => {
  app = await startInProcessApp();
  process.env.ADMIN_TOKEN = TOKEN;
});
afterAll(async () => app.close());

const headers = (token?: string) => ({
  'content-type': 'application/json',
  'x-forwarded-for': uniqueAddress(),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const contribute = (slug: string, body: unknown) =>
  POST_CONTRIBUTION(
    new Request(`http://app.test/api/projects/${slug}/contributions`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body),
    }),
    {
      params: Promise.resolve({ slug }),
    },
  );
const reconcile = (slug: string, token?: string) =>
  RECONCILE(new Request(`http://app.test/api/projects/${slug}/reconcile`, { headers: headers(token) }), {
    params: Promise.resolve({ slug }),
  });
const cancel = (slug: string, id: string) =>
  CANCEL(
    new Request(`http://app.test/api/projects/${slug}/contributions/${id}`, {
      method: 'DELETE',
      headers: headers(TOKEN),
    }),
    {
      params: Promise.resolve({ slug, id }),
    },
  );

describe('the ledger over HTTP', () => {
  it('answers a repeated id 200 with the original pledge, a cancelled one too, and reconcile finds the totals consistent', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug, 500), 0, app.redis);

    const created = await contribute(slug, { id: 'route-1', name: 'Ada', amount: 25 });
    const original = await created.json();
    const repeat = await contribute(slug, { id: 'route-1', name: 'Mallory', amount: 999_999 });
    await contribute(slug, { id: 'route-2', name: 'Grace', amount: 40 });
    expect((await cancel(slug, 'route-2')).status).toBe(200);
    const cancelledRepeat = await contribute(slug, { id: 'route-2', name: 'Grace', amount: 40 });

    expect(created.status).toBe(201);
    expect(original).toEqual({ id: 'route-1', at: expect.any(Number), amount: 25, cancelled: false });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(original);
    expect(cancelledRepeat.status).toBe(200);
    expect(await cancelledRepeat.json()).toMatchObject({ id: 'route-2', amount: 40, cancelled: true });
    const report = await reconcile(slug, TOKEN);
    expect(report.status).toBe(200);
    expect(await report.json()).toEqual({
      raised: 525,
      backers: 1,
      ledger: { opening: 500, sum: 525, pledges: 1, backers: 1 },
      consistent: true,
    });
  });

  it('keeps reconcile to admins, and answers 404 for an unknown project', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug), 0, app.redis);
    expect((await reconcile(slug)).status).toBe(401);
    expect((await reconcile(uniqueSlug(), TOKEN)).status).toBe(404);
  });
});

describe('reward tiers over HTTP', () => {
  const put = (slug: string, body: unknown) =>
    PUT(
      new Request(`http://app.test/api/projects/${slug}`, {
        method: 'PUT',
        headers: headers(TOKEN),
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ slug }) },
    );
  const project = (tiers: unknown[]) => ({
    title: 'Night Market Radio',
    creator: 'Noor Haddad',
    creatorAccount: 'account_noor',
    goal: 12_000,
    tiers,
    listed: false,
  });
  const vinyl = { id: 'vinyl', title: 'The vinyl', minimum: 40, limit: 1 };

  it('answers 400 with the field for a bad tier or amount, 409 tier_sold_out when full, 409 tier_in_use on a save dropping it, and GET /live shows the places', async () => {
    const slug = uniqueSlug();
    expect((await put(slug, project([vinyl]))).status).toBe(201);

    const unknown = await contribute(slug, { name: 'Ada', amount: 50, tier: 'poster' });
    const below = await contribute(slug, { name: 'Ada', amount: 5, tier: 'vinyl' });
    const taken = await contribute(slug, { name: 'Ada', amount: 40, tier: 'vinyl' });
    const full = await contribute(slug, { name: 'Grace', amount: 40, tier: 'vinyl' });
    const dropped = await put(slug, project([]));
    const live = await (
      await LIVE(new Request(`http://app.test/api/projects/${slug}/live`), { params: Promise.resolve({ slug }) })
    ).json();

    expect([unknown.status, (await unknown.json()).error.field]).toEqual([400, 'tier']);
    expect([below.status, (await below.json()).error.field]).toEqual([400, 'amount']);
    expect(taken.status).toBe(201);
    expect([full.status, (await full.json()).error.code]).toEqual([409, 'tier_sold_out']);
    expect([dropped.status, (await dropped.json()).error.code]).toEqual([409, 'tier_in_use']);
    expect(live.tiers).toEqual([
      {
        id: 'vinyl',
        title: 'The vinyl',
        description: '',
        minimum: 40,
        limit: 1,
        claimed: 1,
        held: 0,
        holds: [],
        left: 0,
      },
    ]);
  });
});
