import { route } from '@/lib/http/route';
import { knownVisitor, visitorJson } from '@/lib/http/visitor';
import { readCards } from '@/lib/projects/catalogue';
import { hydrateRecentlyViewed, readRecentlyViewed } from '@/lib/visitors/recently-viewed';

/** The visitor's recently viewed projects, hydrated from the catalogue's cards; none, without touching Redis, for a request without a cookie. */
export const GET = route(async (request: Request) => {
  const visitor = knownVisitor(request);
  const viewed = visitor ? await readRecentlyViewed(visitor) : [];
  return visitorJson({ projects: viewed.length ? hydrateRecentlyViewed(viewed, await readCards(viewed)) : [] });
});
