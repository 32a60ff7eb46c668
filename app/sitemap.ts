import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/http/public-origin';
import { listSlugs } from '@/lib/projects/catalogue';

export const dynamic = 'force-dynamic';

/** A sitemap holds at most 50,000 URLs: past that many projects, the first ones in listing order. */
const MOST_PROJECTS = 49_997;

/** The public pages and every listed project (unlisted ones are off the catalogue, so off this too): one Redis command. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteOrigin();
  const slugs = await listSlugs(MOST_PROJECTS);
  return [
    { url: `${origin}/` },
    { url: `${origin}/leaderboard` },
    { url: `${origin}/quiz` },
    ...slugs.map((slug) => ({ url: `${origin}/projects/${slug}` })),
  ];
}
