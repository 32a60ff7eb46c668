import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { createProject, expect, postContribution, test } from './support/fixtures';

/** Other specs run alongside and their contributions fold too: every assertion here is about our own accounts. */
test('a burst makes the folding ratio climb, then one fold per account arrives live', async ({ page, admin }) => {
  // The simulator is off: the burst is the admin's, whose token the page's request is given here.
  await page.route('**/api/folding/burst', (route) =>
    route.continue({ headers: { ...route.request().headers(), ...admin.headers } }),
  );
  await page.goto('/ops');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('folding-window')).toHaveText('1.0 s');
  const ratio = page.getByTestId('folding-ratio');
  const before = Number(await ratio.getAttribute('data-value'));

  // Pending is a passing state (a window after the burst's last event): every account the list ever
  // shows is noted as it is drawn, so the check does not depend on when the test looks.
  await page.evaluate(() => {
    const seen = ((window as unknown as { pendingSeen: Set<string> }).pendingSeen = new Set());
    const note = () =>
      document
        .querySelectorAll('[data-testid="folding-pending-item"]')
        .forEach((item) => seen.add(item.textContent ?? ''));
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const pendingSeen = () =>
    page.evaluate(() => [...(window as unknown as { pendingSeen: Set<string> }).pendingSeen].join('\n'));

  const [burst] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/folding/burst')),
    page.getByTestId('fire-burst').click(),
  ]);
  expect(burst.status()).toBe(202);
  const { accounts } = (await burst.json()) as { accounts: string[] };
  expect(accounts).toHaveLength(4);

  // During the burst the accounts are pending, and the ratio climbs as events fold into them.
  await expect.poll(pendingSeen).toContain(accounts[0]!);
  await expect
    .poll(async () => Number(await ratio.getAttribute('data-value')), { timeout: 10_000 })
    .toBeGreaterThan(before);

  // A window after the burst: exactly one fold per account, 50 events each, pushed to the page.
  const published = page.getByTestId('folding-published');
  for (const account of accounts) {
    const folds = published.locator(`[data-testid="folding-published-item"][data-account="${account}"]`);
    await expect(folds).toHaveCount(1, { timeout: 15_000 });
    await expect(folds).toContainText('50 events → 1');
  }
  await expect(page.getByTestId('folding-pending-item').filter({ hasText: accounts[0]! })).toHaveCount(0);
});

test('bad events are a 400, good ones a 202; the published log is served', async ({ request, admin }) => {
  const bad = await request.post('/api/folding/events', {
    ...admin,
    data: { id: 'p', account_id: 'a', metrics: { likes: 'x' } },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatchObject({ code: 'invalid_input', field: 'metrics.likes' });
  // Without the admin token (and no simulator), nobody can post under an account name /ops lists.
  expect(
    (
      await request.post('/api/folding/events', {
        data: { id: 'p', account_id: 'ADMIN-NOTICE', metrics: { likes: 1 } },
      })
    ).status(),
  ).toBe(401);
  const account = `e2e_${Date.now().toString(36)}`;
  const first = await request.post('/api/folding/events', {
    ...admin,
    data: { id: 'p1', account_id: account, metrics: { likes: 1 } },
  });
  const second = await request.post('/api/folding/events', {
    ...admin,
    data: { id: 'p2', account_id: account, metrics: { shares: 2 } },
  });
  expect([first.status(), await first.json(), await second.json()]).toEqual([202, { folded: false }, { folded: true }]);
  await expect
    .poll(
      async () => {
        const folds = (await (await request.get('/api/folding/published?limit=100')).json()) as {
          account_id: string;
          metrics: string[];
        }[];
        return folds.find((fold) => fold.account_id === account)?.metrics;
      },
      { timeout: 10_000 },
    )
    .toEqual(['likes', 'shares']);
  expect((await request.get('/api/folding/published?limit=0')).status()).toBe(400);
  expect((await request.get('/api/metrics')).status()).toBe(401);
  const metrics = await request.get('/api/metrics', admin);
  expect(await metrics.text()).toContain('crowdpulse_folding_events_total');
});

test("contributions and a cancellation through the API update their creator's view once folded", async ({
  page,
  request,
  redis,
  admin,
}) => {
  const slug = await createProject(redis);
  await page.goto(`/projects/${slug}`);
  await page.getByTestId('creator-link').click();
  await expect(page).toHaveURL(`/en/creators/account-${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  const euros = page.getByTestId('creator-raised').locator('[data-currency="EUR"]');
  await expect(euros).toHaveAttribute('data-value', '1000');

  expect((await postContribution(request, slug, { name: 'Ana', amount: 25 })).status()).toBe(201);
  expect((await postContribution(request, slug, { name: 'Ben', amount: 75 })).status()).toBe(201);
  await expect(euros).toHaveAttribute('data-value', '1100', { timeout: 15_000 });
  await expect(page.getByTestId('creator-contributions')).toHaveAttribute('data-value', '2');
  await expect(page.getByTestId('creator-fold')).toContainText(`account-${slug}:`);

  const { id } = (await (await postContribution(request, slug, { name: 'Cy', amount: 40 })).json()) as { id: string };
  await expect(euros).toHaveAttribute('data-value', '1140', { timeout: 15_000 });
  // Once Cy's fold is published, only the cancellation's own event can bring the totals back down.
  expect((await request.delete(`/api/projects/${slug}/contributions/${id}`, admin)).status()).toBe(200);
  await expect(euros).toHaveAttribute('data-value', '1100', { timeout: 15_000 });
  await expect(page.getByTestId('creator-contributions')).toHaveAttribute('data-value', '2');
});

test("a creator's money is shown per currency, each project's in its own, never added up", async ({ page, redis }) => {
  const euros = await createProject(redis);
  const account = `account-${euros}`;
  const dollars = `${euros}-usd`;
  await saveProject({ ...sampleProject(dollars, 400), currency: 'USD', creatorAccount: account }, Date.now(), redis);
  await page.goto(`/de/creators/${account}`);
  const raised = page.getByTestId('creator-raised');
  await expect(raised).toContainText('Gesammelt, alle Projekte, je Währung');
  await expect(raised.locator('[data-currency]')).toHaveText(['1.000\u00a0€', '400\u00a0$']);
  await expect(page.getByRole('listitem').filter({ hasText: `Project ${dollars}` })).toContainText('400\u00a0$');
});
