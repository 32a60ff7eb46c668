import { defineRouting } from 'next-intl/routing';

/**
 * The site's languages, each under its own path prefix (/en, /de, /ar): a page's HTML is then the
 * same for every visitor of a locale, and the page cache keeps one copy per locale. The front door
 * sends an unprefixed page to a locale (lib/http/locale.ts); the switcher's choice is this cookie.
 */
/** Where the switcher's choice is kept (next-intl's Link writes it); the front door reads it. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const routing = defineRouting({
  locales: ['en', 'de', 'ar'],
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});

export type Locale = (typeof routing.locales)[number];

export const isLocale = (value: unknown): value is Locale => routing.locales.includes(value as Locale);

/** Written right to left: the `dir` of a page in this locale. */
export const directionOf = (locale: string): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

/** A [locale] segment as a Locale: the layout already answered 404 for any other (app/[locale]/layout.tsx). */
export const asLocale = (value: string): Locale => (isLocale(value) ? value : routing.defaultLocale);
