import type { Page } from '@playwright/test';
import { recordContribution } from '../lib/live-events';
import { ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

/** Every text the total showed from now on, in order (a MutationObserver in the page). */
async function recordTotals(page: Page) {
  // The figure is drawn anew on each change (its highlight replays): watch the page, not one node.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { totalsShown: string[] }).totalsShown = seen;
    const read = () => document.querySelector('[data-testid="raised-total"]')?.textContent ?? '';
    let last = read();
    new MutationObserver(() => {
      if (read() !== last) seen.push((last = read()));
    }).observe(document.body, { characterData: true, childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { totalsShown: string[] }).totalsShown);
}

const euros = (text: string) => Number(text.replace(/[^0-9]/g, ''));

/**
 * A contribution someone else makes is noticed: the total counts up to its new value through
 * the values between, it and the backers light up, and a polite live region says the new total.
 * With reduced motion the total goes straight to its new value.
 */
test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the total counts up and lights up, and the live region says the new total', async ({ page, slug, live }) => {
    const project = new ProjectPage(page);
    await project.open(slug);
    await expect(page.getByTestId('total-announcement')).toHaveText('');
    const totals = await recordTotals(page);

    await recordContribution(slug, { name: 'Ana Souza', amount: 500 }, live);
    await expect(page.getByTestId('raised-total')).toHaveText('€1,500');
    const shown = (await totals()).map(euros);
    expect(
      shown.some((value) => value > 1_000 && value < 1_500),
      `between €1,000 and €1,500 on the way: ${shown.join(', ')}`,
    ).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await expect(page.locator('[data-changes="1"]').filter({ has: page.getByTestId('raised-total') })).toHaveClass(
      /animate-figure/,
    );
    await expect(project.backersCount.locator('[data-changes="1"]')).toHaveClass(/animate-figure/);
    await expect(page.getByTestId('total-announcement')).toHaveText('€1,500 raised, 15% of €10,000');
    await expect(page.getByTestId('total-announcement')).toHaveAttribute('aria-live', 'polite');
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the total goes straight to its new value', async ({ page, slug, live }) => {
    const project = new ProjectPage(page);
    await project.open(slug);
    const totals = await recordTotals(page);
    await recordContribution(slug, { name: 'Ana Souza', amount: 500 }, live);
    await expect(page.getByTestId('raised-total')).toHaveText('€1,500');
    expect(await totals()).toEqual(['€1,500']);
    await expect(page.getByTestId('total-announcement')).toHaveText('€1,500 raised, 15% of €10,000');
  });
});
