import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { jsonFor, requestVisitor } from '@/lib/http/visitor';
import { defaultFeedContext, follow, listFollows } from '@/lib/feed';
import { followInputSchema } from '@/lib/feed/schemas';

/** 201 when the visitor now follows the project, 200 when they already did; 404 for an unknown slug. */
export const POST = route(
  async (request: Request) => {
    const { slug } = await readJson(request, followInputSchema);
    const visitor = requestVisitor(request);
    const { created } = await follow(defaultFeedContext(), visitor.id, slug);
    return jsonFor(visitor, { slug, following: true }, { status: created ? 201 : 200 });
  },
  { write: true },
);

/** The projects the visitor follows, most recent first. */
export const GET = route(async (request: Request) => {
  const visitor = requestVisitor(request);
  if (visitor.setCookie) return jsonFor(visitor, { follows: [] });
  return jsonFor(visitor, { follows: await listFollows(defaultFeedContext(), visitor.id) });
});
