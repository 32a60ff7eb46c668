import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { knownVisitor, visitorJson } from '@/lib/http/visitor';
import { defaultFeedContext, unfollow } from '@/lib/feed';
import { projectFeedKeys, visitorFeedKeys } from '@/lib/feed/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

/** 204 whether or not the visitor followed the project (idempotent); without a cookie there is nothing to undo. */
export const DELETE = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const visitor = knownVisitor(request);
    if (visitor)
      await acknowledged([visitorFeedKeys(visitor).follows, projectFeedKeys(slug).followers], () =>
        unfollow(defaultFeedContext(), visitor, slug),
      );
    return visitorJson(null, { status: 204 });
  },
  { write: true },
);
