import { chromium } from '@playwright/test';
import type { Row } from './report';
import { LOCALES } from '../lib/locales';
import { chromiumPath } from '../scripts/chromium';

/** Fresh pages a locale: the first `Intl` object of a page loads ICU's data, so each is timed in a new one. */
const VISITS = 5;

/**
 * What the pages' formatters (components/format.ts) cost on first use, on Lighthouse's phone CPU
 * (4× slower, by Chromium's own throttling): a number, money, a date, a relative time and plural
 * rules made and used once in a blank page, the median of VISITS fresh pages per locale.
 */
export async function measureIntlFirstUse(): Promise<Row> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const medians: string[] = [];
  try {
    for (const locale of LOCALES) {
      const times: number[] = [];
      for (let visit = 0; visit < VISITS; visit++) {
        const page = await browser.newPage();
        await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.setContent('<p>intl</p>');
        times.push(
          await page.evaluate((locale) => {
            const start = performance.now();
            new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(1_234_567);
            new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
              59_040,
            );
            new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(Date.now());
            new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-3, 'minute');
            new Intl.PluralRules(locale).select(3);
            return performance.now() - start;
          }, locale),
        );
        await page.close();
      }
      times.sort((a, b) => a - b);
      medians.push(`${locale} ${Math.round(times[Math.floor(times.length / 2)]!)} ms`);
    }
  } finally {
    await browser.close();
  }
  return {
    figure: 'Intl formatters, first use, phone CPU',
    measured: medians.join(' · '),
    baseline: '—',
    ratio: '—',
    target: '—',
    met: null,
  };
}
