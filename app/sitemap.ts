import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/http/public-origin';
import { LOCALES } from '@/lib/locales';
import { listSlugs } from '@/lib/projects/catalogue';

export const dynamic = 'force-dynamic';

/**
 * A sitemap holds at most 50,000 URLs, and each page is listed once per locale: past this many
 * projects, the first ones in listing order.
 */
const MOST_PROJECTS = Math.floor(50_000 / LOCALES.length) - 3;

/**
 * A page under each locale's prefix (the unprefixed one only redirects), each naming the others
 * as its pages' hreflang does (localeAlternates in i18n/page-locale.ts): x-default the unprefixed.
 */
const everyLocale = (origin: string, path: string): MetadataRoute.Sitemap => {
  const languages = {
    ...Object.fromEntries(LOCALES.map((locale) => [locale, `${origin}/${locale}${path}`])),
    'x-default': `${origin}${path || '/'}`,
  };
  return LOCALES.map((locale) => ({ url: `${origin}/${locale}${path}`, alternates: { languages } }));
};

/** The public pages and every listed project (unlisted ones are off the catalogue, so off this too): one Redis command. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteOrigin();
  const slugs = await listSlugs(MOST_PROJECTS);
  return ['', '/leaderboard', '/quiz', ...slugs.map((slug) => `/projects/${slug}`)].flatMap((path) =>
    everyLocale(origin, path),
  );
}
