import { chromium, type Browser, type Page } from '@playwright/test';
import { rightChoiceShown } from '../lib/quiz/bank';
import { chromiumPath } from '../scripts/chromium';
import { LeaderboardPage, ProjectPage } from './pages';
import { expect, postContribution, test } from './support/fixtures';
import { playQuiz, uniqueName } from './support/quiz';

/** Playwright's Chromium runs without the back/forward cache: this file's browser keeps it. */
let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});
test.afterAll(() => browser.close());

type Visit = { page: Page; errors: string[] };

/**
 * A visitor with its cookie (the first page's answer, `no-store`, is never restorable), recording
 * each `pageshow` and every error of its socket. Chromium restores a page whose WebSocket is still open too, but
 * kills the socket with an error ("Page entered Back-Forward Cache"): no error means it was closed.
 */
async function visitor(baseURL: string): Promise<Visit> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.addInitScript(() => {
    const shown: boolean[] = [];
    Object.assign(window, { pageshows: shown });
    addEventListener('pageshow', (event) => shown.push(event.persisted));
  });
  // The errors of a socket the cache killed: anything else a page logs (a render that failed under
  // load and fell back to the browser) is not this file's to judge.
  const errors: string[] = [];
  const ofTheSocket = (text: string) => /websocket|back-forward|socket\.io/i.test(text);
  page.on('pageerror', (error) => ofTheSocket(error.message) && errors.push(error.message));
  page.on(
    'console',
    (message) => message.type() === 'error' && ofTheSocket(message.text()) && errors.push(message.text()),
  );
  await page.goto('/');
  return { page, errors };
}

/** Leaves by a full navigation and comes back with Back, expecting the very same document back from the cache. */
async function leaveAndComeBack(page: Page, whileAway: () => Promise<unknown>) {
  await page.goto('/quiz');
  await whileAway();
  // A page restored from the cache fires no `load`: the navigation's commit is all there is to wait for.
  await page.goBack({ waitUntil: 'commit' });
  await expect
    .poll(() =>
      page.evaluate(() => ({
        pageshows: (window as unknown as { pageshows: boolean[] }).pageshows,
        // Chromium's own account of why Back loaded the page again (null when it did not).
        notRestoredReasons: JSON.parse(
          JSON.stringify(
            (
              performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
                notRestoredReasons?: unknown;
              }
            ).notRestoredReasons ?? null,
          ),
        ) as unknown,
      })),
    )
    .toEqual({ pageshows: [false, true], notRestoredReasons: null });
}

test('a project page comes back from the back/forward cache and catches up on its socket', async ({
  baseURL,
  slug,
  request,
}) => {
  const { page, errors } = await visitor(baseURL!);
  const project = new ProjectPage(page);
  await project.open(slug);
  await expect(project.contributionsCount).toHaveAttribute('data-count', '0');

  await leaveAndComeBack(page, () => postContribution(request, slug, { name: 'While Away', amount: 20 }));
  // Posted while the page's socket was closed: only its resync on reconnect can show it.
  await expect(project.contributorNamed('While Away')).toHaveCount(1);
  await project.expectLive();
  await postContribution(request, slug, { name: 'After Return', amount: 30 });
  await expect(project.contributorNamed('After Return')).toHaveCount(1);
  await expect(project.contributionsCount).toHaveAttribute('data-count', '2');
  expect(errors).toEqual([]);
});

test('the leaderboard comes back from the back/forward cache and catches up on its socket', async ({
  baseURL,
  request,
}) => {
  const { page, errors } = await visitor(baseURL!);
  const leaderboard = new LeaderboardPage(page);
  await leaderboard.open();
  const name = uniqueName('Away');

  await leaveAndComeBack(page, () => playQuiz(request, name, rightChoiceShown));
  await expect(leaderboard.rowNamed(name)).toHaveCount(1);
  await expect(leaderboard.connection).toHaveAttribute('data-state', 'live');
  expect(errors).toEqual([]);
});
