import { pathSlug, type SlugParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { jsonFor, requestVisitor } from '@/lib/http/visitor';
import { defaultFeedContext, unfollow } from '@/lib/feed';

/** 204 whether or not the visitor followed the project (idempotent). */
export const DELETE = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const visitor = requestVisitor(request);
    if (!visitor.setCookie) await unfollow(defaultFeedContext(), visitor.id, slug);
    return jsonFor(visitor, null, { status: 204 });
  },
  { write: true },
);
