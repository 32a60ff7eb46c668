/**
 * The site's languages, each under its own path prefix (/en, /de, /ar): next-intl's routing
 * (i18n/routing.ts) and the front door's negotiation (lib/http/locale.ts) read this one list.
 */
export const LOCALES = ['en', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Where the switcher's choice is kept (next-intl's Link writes it); the front door reads it. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Written right to left: the `dir` of a page in this locale. */
export const directionOf = (locale: string): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');
