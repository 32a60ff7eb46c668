import type { Page, TestInfo } from '@playwright/test';
import { cancelContribution, publishNews, recordContribution } from '../lib/live-events';
import { seriousAxeViolations } from './support/axe';
import { createProject, expect, test } from './support/fixtures';

const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 900 } };

/** Axe on the page as it stands, and a full-page screenshot beside the test's results, to be looked at. */
async function audit(page: Page, name: string, testInfo: TestInfo) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const serious = await seriousAxeViolations(page);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the home feed on a ${device}`, () => {
    test.use({ viewport, reducedMotion: 'reduce' });
    test.describe.configure({ timeout: 180_000 });

    test("follow from a catalogue card: the button sits beside the card's link, the page asks for the follows once", async ({
      page,
      redis,
    }, testInfo) => {
      await createProject(redis);
      await createProject(redis);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/follows' && request.method() === 'GET') asked.push(request.url());
      });
      await page.goto('/');
      const cards = page.getByRole('listitem').filter({ has: page.getByTestId('project-card') });
      const card = cards.first();
      const follow = card.getByTestId('follow-button');
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      expect(await cards.count()).toBeGreaterThan(1);
      // Not nested in the card's link.
      expect(await follow.evaluate((button) => button.closest('a') === null)).toBe(true);
      expect(asked).toHaveLength(1);
      const slug = ((await card.getByTestId('project-card').getAttribute('href')) ?? '').replace(
        /^(?:\/[a-z]{2})?\/projects\//,
        '',
      );
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await expect(follow).toHaveText('Following');
      const { follows } = (await (await page.request.get('/api/follows')).json()) as { follows: { slug: string }[] };
      expect(follows.map((f) => f.slug)).toContain(slug);
      await audit(page, `${device}-home-card-following`, testInfo);
    });

    test('follow a project, read its entries newest first, live, load more, and see the new count in the header', async ({
      page,
      slug,
      live,
    }, testInfo) => {
      await page.goto(`/projects/${slug}`);
      const follow = page.getByTestId('follow-button');
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await audit(page, `${device}-project-following`, testInfo);
      // The header gained the feed's link: every link of the bar still shows without scrolling it.
      const nav = page.getByRole('banner').getByRole('navigation');
      expect(await nav.evaluate((bar) => bar.scrollWidth - bar.clientWidth)).toBeLessThanOrEqual(0);

      for (let i = 1; i <= 22; i++)
        await publishNews(slug, { id: `n${i}`, title: `Update number ${i}`, url: `https://example.org/${i}` }, live);

      // Fan-out is asynchronous: within moments every item is in this visitor's feed (an item still
      // in flight when /feed opens shows on the next open; what comes after the open is pushed live).
      await expect
        .poll(
          async () =>
            ((await (await page.request.get('/api/feed?limit=50')).json()) as { entries: unknown[] }).entries.length,
          { timeout: 20_000 },
        )
        .toBe(22);
      await page.goto('/feed');
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
      const entries = page.getByTestId('feed-item');
      await expect(entries).toHaveCount(20);
      await expect(entries.first()).toContainText('Update number 22');

      await recordContribution(slug, { name: 'Ada', amount: 10 }, live);
      const bo = await recordContribution(slug, { name: 'Bo', amount: 10 }, live);
      const backers = page.locator('[data-testid="feed-item"][data-kind="backers"]');
      await expect(backers).toHaveCount(1);
      await expect(backers).toContainText('2 contributions from 2 backers');
      await expect(entries.first()).toHaveAttribute('data-kind', 'backers');
      // A cancel changes the open page's entry in place, with no reload: the project page's counts.
      await cancelContribution(slug, bo.id, live);
      await expect(backers).toContainText('1 contribution from 1 backer');
      await expect(entries.first()).toHaveAttribute('data-kind', 'backers');

      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(entries).toHaveCount(23);
      const ids = await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));
      expect(new Set(ids).size).toBe(23);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      await audit(page, `${device}-feed`, testInfo);

      await publishNews(slug, { id: 'later', title: 'After you looked', url: 'https://example.org/later' }, live);
      // New since the feed was last looked at (opened, or re-watched after a reconnect): at least
      // this news item once its fan-out is done, and exactly what the API counts.
      type FeedAnswer = { entries: { at: number; id: string }[]; lastLooked: number };
      const read = async () => (await (await page.request.get('/api/feed?limit=50')).json()) as FeedAnswer;
      await expect
        .poll(async () => (await read()).entries.map((entry) => entry.id), { timeout: 20_000 })
        .toContain(`${slug}:n-later`);
      const { entries: all, lastLooked } = await read();
      const fresh = all.filter((entry) => entry.at > lastLooked).length;
      await page.goto('/');
      await expect(page.getByTestId('feed-new-count')).toHaveText(`${fresh} new`);
      await audit(page, `${device}-home-with-count`, testInfo);
    });
  });
}
