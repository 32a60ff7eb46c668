import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/http/public-origin';

/** Read at each request, so PUBLIC_ORIGIN is the running instance's, not the build's. */
export const dynamic = 'force-dynamic';

/** Everything public may be crawled but the admin console and the API; the sitemap lists the projects. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/feed'] },
    sitemap: `${siteOrigin()}/sitemap.xml`,
  };
}
