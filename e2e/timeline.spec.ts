import type { Page } from '@playwright/test';
import { createProject, expect, postContribution, test } from './support/fixtures';

const feedItems = (page: Page) => page.getByTestId('timeline-list').getByTestId('timeline-item');
const shownSeqs = async (page: Page) =>
  await feedItems(page).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-seq'))));

async function openLive(page: Page, slug: string) {
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
}

test("a contribution appears at the top of another viewer's activity feed, and leaves it when cancelled", async ({
  browser,
  baseURL,
  request,
  slug,
  admin,
}) => {
  await postContribution(request, slug, { name: 'Early bird', amount: 10 });
  const watcher = await (await browser.newContext({ baseURL })).newPage();
  const backer = await (await browser.newContext({ baseURL })).newPage();
  await openLive(watcher, slug);
  await expect(feedItems(watcher)).toHaveCount(1);
  await backer.goto(`/projects/${slug}`);

  const form = backer.getByTestId('contribute-form');
  await form.getByLabel('Your name').fill('Ada');
  await form.getByRole('button', { name: '€25', exact: true }).click();
  await form.getByRole('button', { name: /Contribute/ }).click();

  await expect(feedItems(watcher)).toHaveCount(2);
  await expect(feedItems(watcher).first()).toContainText('Ada backed with €25');
  await expect(feedItems(watcher).first()).toContainText('now');
  await expect(feedItems(watcher).nth(1)).toContainText('Early bird backed with €10');
  // Only the row that arrived live plays its arrival; the one in the page's HTML was already there.
  await expect(feedItems(watcher).first()).toHaveClass(/animate-arrive/);
  await expect(feedItems(watcher).nth(1)).not.toHaveClass(/animate-arrive/);

  const id = await feedItems(watcher).first().getAttribute('data-id');
  expect((await request.delete(`/api/projects/${slug}/contributions/${id}`, admin)).status()).toBe(200);
  await expect(feedItems(watcher)).toHaveCount(1);
  await expect(feedItems(watcher).first()).toContainText('Early bird');
});

test('"load more" reaches the end, each entry once, while new ones arrive on top', async ({
  page,
  request,
  slug,
  admin,
}) => {
  const now = Date.now();
  const events = Array.from({ length: 23 }, (_, i) => ({
    kind: 'contribution',
    id: `old-${i}`,
    name: `Backer ${i}`,
    amount: 5,
    at: now - (i + 1) * 60_000,
  }));
  expect((await request.post(`/api/projects/${slug}/import`, { data: { events }, ...admin })).status()).toBe(200);
  await openLive(page, slug);
  await expect(feedItems(page)).toHaveCount(10);
  await expect(feedItems(page).first()).toContainText('Backer 0 backed with €5');
  await expect(feedItems(page).first()).toContainText('1 minute ago');

  const loadMore = page.getByRole('button', { name: 'Load more' });
  // 10 shown; then each round: one new on top, then a page of up to 10 older ones below.
  for (const [i, shown] of [
    [0, 1 + 10 + 10],
    [1, 2 + 23],
  ] as const) {
    await postContribution(request, slug, { id: `new-${i}`, name: `Newcomer ${i}`, amount: 50 });
    await expect(feedItems(page).first()).toContainText(`Newcomer ${i}`);
    await loadMore.click();
    await expect(feedItems(page)).toHaveCount(shown);
  }
  await expect(loadMore).toHaveCount(0);
  const seqs = await shownSeqs(page);
  expect(new Set(seqs).size).toBe(25);
  expect(seqs).toEqual(seqs.toSorted((a, b) => b - a));
  const ids = await feedItems(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));
  expect(ids).toEqual(['new-1', 'new-0', ...Array.from({ length: 23 }, (_, i) => `old-${i}`)]);
  await expect(feedItems(page).last()).toContainText('Backer 22');
});

test('recently viewed on / follows the visitor from project to project, newest first, no duplicates', async ({
  page,
  redis,
  slug,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('project-card').first()).toBeVisible();
  await expect(page.getByTestId('recently-viewed')).toHaveCount(0);

  const other = await createProject(redis);
  await openLive(page, slug);
  await openLive(page, other);
  await openLive(page, slug);

  const viewed = page.getByTestId('recently-viewed-item');
  for (let visit = 0; visit < 2; visit++) {
    // Visiting / again must not count the projects it links to (a prefetch is not a view).
    await page.goto('/');
    await expect(viewed).toHaveCount(2);
    expect(await viewed.evaluateAll((items) => items.map((item) => item.getAttribute('data-slug')))).toEqual([
      slug,
      other,
    ]);
  }
  await viewed.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${other}$`));
});

test('the timeline API pages by cursor and rejects a bad limit or cursor', async ({ request, slug }) => {
  for (let i = 0; i < 3; i++) await postContribution(request, slug, { id: `api-${i}`, name: `Api ${i}`, amount: 5 });
  const first = await (await request.get(`/api/projects/${slug}/timeline?limit=2`)).json();
  expect(first.items.map((item: { id: string }) => item.id)).toEqual(['api-2', 'api-1']);
  expect(first.items[0]).toMatchObject({ kind: 'contribution', name: 'Api 2', amount: 5, seq: 3 });
  const rest = await (await request.get(`/api/projects/${slug}/timeline?limit=2&before=${first.nextCursor}`)).json();
  expect(rest).toMatchObject({ items: [{ id: 'api-0' }], nextCursor: null });
  expect((await (await request.get(`/api/projects/${slug}/timeline`)).json()).items).toHaveLength(3);

  const bad: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=ten', 'limit'],
    ['before=0', 'before'],
    ['before=-4', 'before'],
    ['before=2.5', 'before'],
    ['before=', 'before'],
  ];
  for (const [query, field] of bad) {
    const response = await request.get(`/api/projects/${slug}/timeline?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toMatchObject({ code: 'invalid_input', field });
  }
  expect((await request.get('/api/projects/no-such-project/timeline')).status()).toBe(404);
});
