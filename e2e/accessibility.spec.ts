import type { Page, TestInfo } from '@playwright/test';
import { recordContribution, publishNews } from '../lib/live-events';
import { projectKeys } from '../lib/projects/keys';
import { seriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { uniqueName } from './support/quiz';

const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 900 } };
/**
 * The site follows the device's setting (prefers-color-scheme) in CSS alone (app/globals.css), so
 * one page switched between the two is each scheme as a device set so would see it: every state
 * a flow reaches is audited and pictured in both, the flow walked once.
 */
const SCHEMES = ['light', 'dark'] as const;

/**
 * axe-core on the page as it stands, in each scheme: no violation of serious or critical impact.
 * A full-page screenshot of each state in each scheme is kept beside the test's results, to be looked at.
 */
async function audit(page: Page, state: string, testInfo: TestInfo) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: testInfo.outputPath(`${state}-${colorScheme}.png`), fullPage: true });
    const serious = await seriousAxeViolations(page);
    expect(serious, `${state}, ${colorScheme}: serious or critical axe violations`).toEqual([]);
  }
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`light and dark, on a ${device}`, () => {
    // Contrast is judged on the settled page: an item fading in is not yet its colours.
    test.use({ viewport, reducedMotion: 'reduce' });
    // Each state is a full-page screenshot and an axe run; on two shared cores that adds up.
    test.describe.configure({ timeout: 240_000 });

    test('the catalogue, a busy project page (CJK and Arabic names) and its creator', async ({
      page,
      slug,
      live,
    }, testInfo) => {
      await recordContribution(slug, { name: '김민준', amount: 120 }, live);
      await recordContribution(slug, { name: 'ليلى حداد', amount: 45 }, live);
      await recordContribution(slug, { name: 'Ana Souza', amount: 10 }, live);
      await publishNews(slug, { title: 'Stretch goal unlocked', url: 'https://example.org/stretch' }, live);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, 'home', testInfo);

      await page.goto(`/projects/${slug}`);
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
      await expect(page.getByTestId('contributor-item').filter({ hasText: '김민준' })).toBeVisible();
      await expect(page.getByTestId('contributor-item').filter({ hasText: 'ليلى حداد' })).toBeVisible();
      await audit(page, 'project', testInfo);

      await page.goto(`/creators/account-${slug}`);
      await audit(page, 'creator', testInfo);
    });

    test('a project that does not exist, and a page that failed', async ({ page, redis }, testInfo) => {
      await page.goto('/projects/no-such-project');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await audit(page, 'not-found', testInfo);
      const broken = `e2e-broken-${device}-${Date.now().toString(36)}`;
      await redis.set(projectKeys.info(broken), 'not a hash');
      await page.goto(`/projects/${broken}`);
      await expect(page.getByTestId('error-retry')).toBeVisible();
      await audit(page, 'error', testInfo);
    });

    test('the quiz: not started, in progress, finished; then the leaderboard', async ({ page }, testInfo) => {
      await page.goto('/quiz');
      await audit(page, 'quiz-start', testInfo);
      await page.getByRole('button', { name: 'Start the quiz' }).click();
      await expect(page.getByTestId('quiz-question')).toContainText('Question 1 of 10');
      await audit(page, 'quiz-question', testInfo);
      await page.keyboard.press('1');
      await expect(page.getByText(/^(Correct!|Not quite)/)).toBeVisible();
      await audit(page, 'quiz-answered', testInfo);
      for (let number = 1; number <= 10; number++) {
        if (number > 1) await page.keyboard.press('1');
        await page.getByRole('button', { name: number === 10 ? /See your score/ : /Next question/ }).click();
      }
      await expect(page.getByTestId('quiz-name')).toBeVisible();
      await audit(page, 'quiz-finished', testInfo);
      await page.getByTestId('quiz-name').fill(uniqueName('Axe'));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('quiz-rank')).toBeVisible();
      await audit(page, 'quiz-submitted', testInfo);

      await page.getByRole('link', { name: /See the leaderboard/ }).click();
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
      await audit(page, 'leaderboard', testInfo);
    });

    test('admin signed out and signed in, and ops', async ({ page, slug, admin }, testInfo) => {
      // The simulator is off: the burst is the admin's, whose token the page's request is given here.
      await page.route('**/api/folding/burst', (route) =>
        route.continue({ headers: { ...route.request().headers(), ...admin.headers } }),
      );
      await page.goto('/admin');
      await audit(page, 'admin-signed-out', testInfo);
      await page.getByLabel(/Admin token/).fill(process.env.E2E_ADMIN_TOKEN!);
      await page.getByLabel('Project').selectOption(slug);
      await audit(page, 'admin-signed-in', testInfo);

      await page.goto('/ops');
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
      await audit(page, 'ops', testInfo);
      // Busy: groups pending during a burst, then its folds published (a 1 s window in e2e).
      await page.getByTestId('fire-burst').click();
      await expect(page.getByTestId('folding-pending-item').first()).toBeVisible();
      await audit(page, 'ops-burst', testInfo);
      await expect(page.getByTestId('folding-published-item').first()).toBeVisible({ timeout: 15_000 });
      await audit(page, 'ops-published', testInfo);
    });

    test('the home feed, empty and with news of a followed project', async ({ page, slug, live }, testInfo) => {
      await page.goto('/feed');
      await expect(page.getByTestId('feed-empty')).toBeVisible();
      await audit(page, 'feed-empty', testInfo);
      expect((await page.request.post('/api/follows', { data: { slug } })).status()).toBe(201);
      await publishNews(slug, { title: 'Prototype shipped', url: 'https://example.org/shipped' }, live);
      // Fan-out is asynchronous: the feed is opened once the item is in it.
      await expect
        .poll(
          async () => ((await (await page.request.get('/api/feed')).json()) as { entries: unknown[] }).entries.length,
          { timeout: 20_000 },
        )
        .toBe(1);
      await page.goto('/feed');
      await expect(page.getByTestId('feed-item')).toHaveCount(1);
      await audit(page, 'feed', testInfo);
    });
  });
}
