import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { asLocale, type Locale } from './routing';

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

/** A page's title and description in its locale (the `Pages` messages), its canonical URL the unprefixed one, which negotiates. */
export async function localizedMetadata(
  { params }: LocaleParams,
  page: 'quiz' | 'leaderboard' | 'feed',
  canonical: string,
): Promise<Metadata> {
  const t = await getTranslations({ locale: asLocale((await params).locale), namespace: 'Pages' });
  return { title: t(`${page}Title`), description: t(`${page}Description`), alternates: { canonical } };
}
