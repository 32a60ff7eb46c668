import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { knownVisitor, visitorJson } from '@/lib/http/visitor';
import { defaultFeedContext, readFeed } from '@/lib/feed';
import { feedQuerySchema } from '@/lib/feed/schemas';

/** A page of the visitor's home feed; with `look`, the read is the visitor looking (the count of new entries starts again). */
async function answerFeed(request: Request, look: boolean): Promise<Response> {
  const { searchParams } = new URL(request.url);
  const { limit, before } = parseInput(feedQuerySchema, {
    limit: searchParams.get('limit') ?? undefined,
    before: searchParams.get('before') ?? undefined,
  });
  const visitor = knownVisitor(request);
  if (!visitor) return visitorJson({ entries: [], nextCursor: null, lastLooked: 0 });
  return visitorJson(await readFeed(defaultFeedContext(), visitor, { limit, before, look }));
}

/**
 * `?limit=&before=`: a page of the visitor's home feed, newest first; `nextCursor` is the next
 * `before`. A request without a cookie gets an empty page, and no id: Redis is not touched. A GET
 * changes nothing.
 */
export const GET = route((request: Request) => answerFeed(request, false));

/** The same page, read as the visitor looking at their feed: a write (same-site only, rate-limited), so no link or image can mark it seen. */
export const POST = route((request: Request) => answerFeed(request, true), { write: true });
