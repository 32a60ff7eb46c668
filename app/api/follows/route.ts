import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { knownVisitor, requirePlayer, visitorJson } from '@/lib/http/visitor';
import { defaultFeedContext, follow, listFollows } from '@/lib/feed';
import { projectFeedKeys, visitorFeedKeys } from '@/lib/feed/keys';
import { followInputSchema } from '@/lib/feed/schemas';
import { acknowledged } from '@/lib/redis/acknowledged';

/**
 * 201 when the visitor now follows the project, 200 when they already did; 404 for an unknown
 * slug. A follower is the visitor cookie, given with this answer when the request had none
 * (server.ts, within its address's new-id budget; else a 429).
 */
export const POST = route(
  async (request: Request) => {
    const visitor = requirePlayer(request);
    const { slug } = await readJson(request, followInputSchema);
    // The visitor's side and the project's: acknowledged once a replica of each slot has it.
    const { created } = await acknowledged([visitorFeedKeys(visitor).follows, projectFeedKeys(slug).followers], () =>
      follow(defaultFeedContext(), visitor, slug),
    );
    return visitorJson({ slug, following: true }, { status: created ? 201 : 200 });
  },
  { write: true },
);

/** The projects the visitor follows, most recent first; none, without touching Redis, for a request without a cookie. */
export const GET = route(async (request: Request) => {
  const visitor = knownVisitor(request);
  return visitorJson({ follows: visitor ? await listFollows(defaultFeedContext(), visitor) : [] });
});
