import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { jsonFor, requestVisitor } from '@/lib/http/visitor';
import { defaultFeedContext, readFeed } from '@/lib/feed';
import { feedQuerySchema } from '@/lib/feed/schemas';

/** `?limit=&before=&look=`: a page of the visitor's home feed, newest first; `nextCursor` is the next `before`. */
export const GET = route(async (request: Request) => {
  const { searchParams } = new URL(request.url);
  const { limit, before, look } = parseInput(feedQuerySchema, {
    limit: searchParams.get('limit') ?? undefined,
    before: searchParams.get('before') ?? undefined,
    look: searchParams.get('look') ?? undefined,
  });
  const visitor = requestVisitor(request);
  if (visitor.setCookie) return jsonFor(visitor, { entries: [], nextCursor: null, lastLooked: 0 });
  return jsonFor(visitor, await readFeed(defaultFeedContext(), visitor.id, { limit, before, look: look === '1' }));
});
