import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { asLocale, type Locale, routing } from './routing';

export type LocaleParams = { params: Promise<{ locale: string }> };

/**
 * What every page does first: a page and its layout render side by side, and the first
 * next-intl call of either (a server Link, a translation) fixes the request's locale; without the
 * segment's locale set by then, it is the default's (next-intl, "static rendering").
 */
export function usePageLocale(params: Promise<{ locale: string }>): Locale {
  const locale = asLocale(use(params).locale);
  setRequestLocale(locale);
  return locale;
}

/** The same for an async page, before anything it awaits. */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const locale = asLocale((await params).locale);
  setRequestLocale(locale);
  return locale;
}

/**
 * Every page's canonical URL and alternates alike: canonical its own locale's URL (`path` under
 * the locale's prefix, '' for the catalogue), an alternate for each locale, and the unprefixed
 * path as `x-default`, which sends a reader to their language (lib/http/locale.ts).
 */
export const localeAlternates = (locale: Locale, path: string): NonNullable<Metadata['alternates']> => ({
  canonical: `/${locale}${path}`,
  languages: {
    ...Object.fromEntries(routing.locales.map((other) => [other, `/${other}${path}`])),
    'x-default': path || '/',
  },
});

/** A page's title and description in its locale (the `Pages` messages), with its locale's canonical URL and alternates. */
export async function localizedMetadata(
  { params }: LocaleParams,
  page: 'quiz' | 'leaderboard' | 'feed',
  path: string,
): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'Pages' });
  return { title: t(`${page}Title`), description: t(`${page}Description`), alternates: localeAlternates(locale, path) };
}
