import { pathSlugAndTier, type SlugAndTierParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { knownVisitor, requirePlayer, visitorJson } from '@/lib/http/visitor';
import { holdPlace, releaseHold } from '@/lib/live-events/holds';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

/** 201 `{tier, expiresAt}` for a new hold, 200 with the visitor's standing one; 409 `tier_sold_out`. A hold is a visitor's: server.ts gives one. */
export const POST = route(
  async (request: Request, context: SlugAndTierParams) => {
    const { slug, tier } = await pathSlugAndTier(context);
    const visitor = requirePlayer(request);
    const hold = await acknowledged([projectKeys.info(slug)], () => holdPlace(slug, tier, visitor));
    return visitorJson({ tier: hold.tier, expiresAt: hold.expiresAt }, { status: hold.created ? 201 : 200 });
  },
  { write: true },
);

/** 204 whether a hold stood or not: the place is free of this visitor either way. */
export const DELETE = route(
  async (request: Request, context: SlugAndTierParams) => {
    const { slug, tier } = await pathSlugAndTier(context);
    const visitor = knownVisitor(request);
    if (visitor) await acknowledged([projectKeys.info(slug)], () => releaseHold(slug, tier, visitor));
    return visitorJson(null, { status: 204 });
  },
  { write: true },
);
