import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { knownVisitor, visitorJson } from '@/lib/http/visitor';
import { defaultFeedContext, readFeed } from '@/lib/feed';
import { feedQuerySchema } from '@/lib/feed/schemas';

/**
 * `?limit=&before=&look=`: a page of the visitor's home feed, newest first; `nextCursor` is the
 * next `before`. A request without a cookie gets an empty page, and no id: Redis is not touched.
 */
export const GET = route(async (request: Request) => {
  const { searchParams } = new URL(request.url);
  const { limit, before, look } = parseInput(feedQuerySchema, {
    limit: searchParams.get('limit') ?? undefined,
    before: searchParams.get('before') ?? undefined,
    look: searchParams.get('look') ?? undefined,
  });
  const visitor = knownVisitor(request);
  if (!visitor) return visitorJson({ entries: [], nextCursor: null, lastLooked: 0 });
  return visitorJson(await readFeed(defaultFeedContext(), visitor, { limit, before, look: look === '1' }));
});
