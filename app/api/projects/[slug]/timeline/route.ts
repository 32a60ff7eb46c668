import { parseInput } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { readActivity } from '@/lib/live-events/activity';
import { timelineQuerySchema as query } from '@/lib/live-events/schemas';

/** `?limit=&before=`: a page of the activity timeline, newest first; `nextCursor` is the next `before`. */
export const GET = route(async (request: Request, context: SlugParams) => {
  const slug = await pathSlug(context);
  const { searchParams } = new URL(request.url);
  const { limit, before } = parseInput(query, {
    limit: searchParams.get('limit') ?? undefined,
    before: searchParams.get('before') ?? undefined,
  });
  return Response.json(await readActivity(slug, { limit, before }), { headers: { 'Cache-Control': 'no-store' } });
});
