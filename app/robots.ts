import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/http/public-origin';
import { LOCALES } from '@/lib/locales';

/** Read at each request, so PUBLIC_ORIGIN is the running instance's, not the build's. */
export const dynamic = 'force-dynamic';

/** Private to their visitor or to operators: not for an index, under any locale's prefix. */
const PRIVATE_PAGES = ['/admin', '/ops', '/feed'];

/** Everything public may be crawled but the API and the private pages; the sitemap lists the projects. */
export default function robots(): MetadataRoute.Robots {
  const disallow = [
    '/api/',
    ...PRIVATE_PAGES.flatMap((page) => [page, ...LOCALES.map((locale) => `/${locale}${page}`)]),
  ];
  return {
    rules: { userAgent: '*', allow: '/', disallow },
    sitemap: `${siteOrigin()}/sitemap.xml`,
  };
}
