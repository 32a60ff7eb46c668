import { importEvents } from '../lib/live-events';
import { HOUR, MINUTE } from '../lib/live-events/windows';
import { expect, test } from './support/fixtures';

/**
 * Items leave the page when their window ends with nothing else happening, timed on the
 * server's clock: the browser's clock is faked (and, in the second run, hours wrong).
 */
for (const [label, skew] of [
  ['a right clock', 0],
  ['a clock five hours fast', 5 * HOUR],
] as const) {
  test(`contributors leave at 30 min and the 24 h count goes down, with ${label}`, async ({ page, slug, live }) => {
    await page.clock.install({ time: Date.now() + skew });
    await page.goto(`/projects/${slug}`);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
    // Imported once the page is live, so a slow page load cannot eat into the margins below.
    const now = Date.now();
    await importEvents(
      slug,
      [
        {
          kind: 'contribution',
          id: 'leaves-list-soon',
          name: 'Almost thirty',
          amount: 5,
          at: now - 30 * MINUTE + 10_000,
        },
        { kind: 'contribution', id: 'stays-listed', name: 'Recent', amount: 5, at: now - 5 * MINUTE },
        {
          kind: 'contribution',
          id: 'leaves-count-soon',
          name: 'Almost a day',
          amount: 5,
          at: now - 24 * HOUR + 20_000,
        },
      ],
      live,
    );

    const contributors = page.getByTestId('contributor-item');
    await expect(contributors).toHaveCount(2);
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '3');

    // Engine.io's client gives up 45 s (ping interval + timeout) after the last real ping, which
    // came up to 25 s ago: jumps add up to at most 20 s so the fake clock never trips a reconnect.
    await page.clock.runFor(11_000);
    await expect(contributors).toHaveCount(1);
    await expect(contributors.first()).toContainText('Recent');
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '3');

    await page.clock.runFor(9_000);
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('contributions-count')).toContainText('2 contributions in the last 24 hours');
  });
}

test('relative times tick by themselves', async ({ page, slug, live }) => {
  await importEvents(
    slug,
    [{ kind: 'contribution', id: 'ticker', name: 'Ticker', amount: 5, at: Date.now() - 45_000 }],
    live,
  );
  await page.clock.install();
  await page.goto(`/projects/${slug}`);
  // The watch's snapshot sets the clock offset from the browser's clock: a jump made before it
  // arrives would be taken back by it.
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  const item = page.getByTestId('contributor-item').first();
  // Any number of seconds: a slow page load on a busy machine must not fail the test.
  await expect(item).toContainText(/\d+ seconds ago/);
  await page.clock.runFor(16_000);
  await expect(item).toContainText('1 minute ago');
});
