import { randomBytes } from 'node:crypto';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { CataloguePage, ProjectPage } from './pages';
import { expect, postContribution, test } from './support/fixtures';

/** When the page's campaign clock first said `state` (the browser's ms), watched from now on. */
const whenClockSays = (project: ProjectPage, state: string) =>
  project.page.getByTestId('campaign-clock').evaluate(
    (clock, wanted) =>
      new Promise<number>((resolve) => {
        if (clock.getAttribute('data-state') === wanted) return resolve(Date.now());
        new MutationObserver((_, observer) => {
          if (clock.getAttribute('data-state') !== wanted) return;
          observer.disconnect();
          resolve(Date.now());
        }).observe(clock, { attributes: true });
      }),
    state,
  );

test('a campaign ends on every open page at once: the clock counts down, flips to Ended, the page becomes an archive, and a late contribution is a 409', async ({
  browser,
  baseURL,
  redis,
  request,
}) => {
  test.setTimeout(120_000);
  const slug = `e2e-end-${randomBytes(4).toString('hex')}`;
  // A far end while the pages open and the project is backed, however long a loaded machine takes;
  // then, as an admin's edit sets it, a real end close by (Redis' clock must refuse the late
  // contribution, which a fake page clock would not move), and the pages opened again on it.
  const project = sampleProject(slug, 1_000);
  await saveProject({ ...project, endsAt: Date.now() + 3_600_000 }, 0, redis);

  const pages = await Promise.all(
    [0, 1].map(async () => new ProjectPage(await (await browser.newContext({ baseURL })).newPage())),
  );
  for (const page of pages) await page.open(slug);
  const catalogue = new CataloguePage(await (await browser.newContext({ baseURL })).newPage());
  await catalogue.open();
  await pages[0]!.contribute('Early Bird', 10);
  await pages[0]!.contribute('Early Bird', 10);
  // Twice from one visitor: two contributions, one backer.
  await expect(pages[1]!.contributionsCount).toHaveAttribute('data-count', '2');
  for (const page of pages) await expect(page.backersCount).toHaveAttribute('data-count', '1');

  const endsAt = Date.now() + 15_000;
  await saveProject({ ...project, endsAt }, 0, redis);
  for (const page of pages) {
    await page.page.reload();
    await page.expectLive();
  }
  await catalogue.page.reload();
  for (const clock of [...pages.map((page) => page.campaignClock), catalogue.campaignClock(slug)]) {
    await expect(clock).toHaveAttribute('data-state', 'open');
    await expect(clock).toHaveText(/^ending in \d+ sec$/);
  }

  const flips = await Promise.all(pages.map((page) => whenClockSays(page, 'ended')));

  // Each page flipped by itself, and not before the end: its clock is the server's as its socket
  // measured it, a round trip's error at most. How late a busy machine lets a timer fire is no verdict.
  for (const flippedAt of flips) expect(flippedAt).toBeGreaterThanOrEqual(endsAt - 250);
  for (const page of pages) {
    await expect(page.campaignClock).toHaveText('Ended');
    await expect(page.contributeForm).toHaveCount(0);
    await expect(page.contributeClosed).toContainText('Ended');
    // An archive: how it ended and when, no "Live" pill, no "viewing now".
    await expect(page.archive).toHaveAttribute('data-outcome', 'not_funded');
    await expect(page.archive).toContainText('Not funded: reached 10% of €10,000');
    await expect(page.archive.locator('time')).toHaveAttribute('datetime', new Date(endsAt).toISOString());
    await expect(page.connection).toBeHidden();
    await expect(page.visitorsCount).toHaveCount(0);
  }
  await expect(catalogue.campaignClock(slug)).toHaveAttribute('data-state', 'ended');
  const late = await postContribution(request, slug, { name: 'Too Late', amount: 10 });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({ error: { code: 'campaign_ended' } });
  await expect(pages[1]!.backersCount).toHaveAttribute('data-count', '1');
});

test('a funded campaign reads as an archive, and the home page lists it under Recently ended, not with the open ones', async ({
  browser,
  baseURL,
  redis,
}) => {
  const slug = `e2e-funded-${randomBytes(4).toString('hex')}`;
  await saveProject({ ...sampleProject(slug, 20_000), endsAt: Date.now() - 1 }, Date.now(), redis);
  const page = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await page.open(slug);
  await expect(page.campaignClock).toHaveAttribute('data-state', 'funded');
  await expect(page.campaignClock).toHaveText('Funded');
  await expect(page.contributeClosed).toContainText('Funded');
  await expect(page.archive).toHaveAttribute('data-outcome', 'funded');
  await expect(page.archive).toContainText('Funded: €20,000 of €10,000 from 0 backers');
  await expect(page.connection).toBeHidden();
  await expect(page.visitorsCount).toHaveCount(0);

  const catalogue = new CataloguePage(await (await browser.newContext({ baseURL })).newPage());
  await catalogue.open();
  await expect(catalogue.recentlyEnded.locator(`[href$="/projects/${slug}"]`)).toHaveCount(1);
  await expect(catalogue.card(slug)).toHaveCount(1);
});

test('"Ending soon" lists the open campaigns, the soonest end first, each card counting down', async ({
  browser,
  baseURL,
  redis,
}) => {
  const slug = `e2e-soon-${randomBytes(4).toString('hex')}`;
  // An hour away: on the first page (the order itself: tests/projects/catalogue.test.ts).
  await saveProject({ ...sampleProject(slug, 1_000), endsAt: Date.now() + 3_600_000 }, Date.now(), redis);
  const catalogue = new CataloguePage(await (await browser.newContext({ baseURL })).newPage());
  await catalogue.open();
  await catalogue.order.click();
  await expect(catalogue.page).toHaveURL(/\/en\?order=ending$/);
  expect(await catalogue.slugs()).toContain(slug);
  await expect(catalogue.campaignClock(slug)).toHaveText(/^59 min to go$|^1 hr 0 min to go$/);
});
