import { formatCount, formatMoney, relativeTime } from './components/format';

const locale = document.documentElement.lang || 'en';

/**
 * A page's first `Intl` formatter loads ICU's data for its locale: about 60 ms on Lighthouse's
 * phone, in one piece. Made here, in tasks of their own queued before React starts hydrating, the
 * formatters the pages use first are not added to a hydration task that input would wait on
 * (docs/benchmarks.md, "Lighthouse on a phone"); components/format.ts keeps them for the page.
 */
setTimeout(() => formatCount(0, locale), 0);
setTimeout(() => {
  relativeTime(0, 0, locale);
  formatMoney(0, locale);
  new Intl.PluralRules(locale).select(1);
}, 0);
