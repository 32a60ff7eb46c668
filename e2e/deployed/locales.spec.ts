import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';
import { qaTag } from './qa-api';

/**
 * The site in each of its languages, on any deployment: `lang` and `dir`, the total in the
 * locale's own format (the project's currency, EUR), and axe at both widths in both schemes.
 * One walk per locale: a page is loaded once, then resized and switched to dark.
 */
test.use({ reducedMotion: 'reduce' });

const TOTAL = 59_040;
const LOCALES = [
  { locale: 'en', dir: 'ltr', total: '€59,040' },
  { locale: 'de', dir: 'ltr', total: '59.040 €' },
  // Arabic's digits and marks are the browser's ICU's: what its Intl prints.
  { locale: 'ar', dir: 'rtl', total: null },
] as const;

const intlTotal = (page: Page, locale: string) =>
  page.evaluate(
    ([tag, amount]) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount),
    [locale, TOTAL] as const,
  );

for (const { locale, dir, total } of LOCALES) {
  test(`the project page in ${locale}: lang and dir, the total as ${locale} writes it, nothing serious for axe at 390 and 1366, light and dark`, async ({
    page,
    slug,
    api,
  }) => {
    await api.contribute(slug, `QA ${qaTag()}`, TOTAL);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await page.goto(`/${locale}/projects/${slug}`))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByTestId('raised-total')).toHaveText(total ?? (await intlTotal(page, locale)));
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await expectNoSeriousAxeViolations(page, `${locale} at ${width}, ${colorScheme}`);
      }
    }
    if (dir === 'rtl') {
      // Right to left at 1366: the Back form's column is on the left of the figures, not the right.
      const [form, funding] = await Promise.all([
        page.getByTestId('contribute-form').boundingBox(),
        page.getByTestId('raised-total').boundingBox(),
      ]);
      expect(form!.x + form!.width).toBeLessThan(funding!.x);
    }
  });
}

test('the switcher’s choice is remembered: an unprefixed link opens in it, whatever the browser asks for', async ({
  browser,
  baseURL,
  slug,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/projects/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/projects/${slug}$`));
  await page.getByTestId('locale-de').click();
  await expect(page).toHaveURL(new RegExp(`/de/projects/${slug}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto(`/projects/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/de/projects/${slug}$`));
  await page.goto('/');
  await expect(page).toHaveURL(/\/de$/);
  await context.close();
});

test('a visitor’s Accept-Language picks the locale of an unprefixed link', async ({ browser, baseURL, slug }) => {
  for (const [asked, locale] of [
    ['de-AT', 'de'],
    ['ar-EG', 'ar'],
    ['ja-JP', 'en'],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale: asked });
    const page = await context.newPage();
    await page.goto(`/projects/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/projects/${slug}$`));
    await context.close();
  }
});
