import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from '../lib/locales';

export { directionOf, isLocale, type Locale } from '../lib/locales';

/**
 * Locale-prefixed paths (/en, /de, /ar): a page's HTML is then the same for every visitor of a
 * locale, and the page cache keeps one copy per locale. The front door sends an unprefixed page
 * to the visitor's locale (lib/http/locale.ts), so next-intl's middleware is not used.
 */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

/** A [locale] segment as a Locale: the layout already answered 404 for any other (app/[locale]/layout.tsx). */
export const asLocale = (value: string): Locale => (isLocale(value) ? value : routing.defaultLocale);
