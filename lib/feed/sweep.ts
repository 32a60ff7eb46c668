import { walkCatalogue } from '../projects/catalogue';
import { advanceFeedSweep, claimFeedSweep, probeFeedProject } from './scripts';
import type { FeedContext } from './context';
import { feedWorkKeysTagged, projectFeedKeys } from './keys';

/** Projects probed per tick: a pass over 100,000 projects is 500 ticks. */
export const SWEEP_PAGE = 200;
/** One tick a second on the instance holding the lease; the others only ask for it. */
export const SWEEP_INTERVAL_MS = 1_000;
/** Long enough for a few missed ticks; a dead sweeper's place is taken within it. */
export const SWEEP_LEASE_MS = 5_000;

export type SweepOptions = { holder: string; page?: number; leaseMs?: number };

export type SweepTick = {
  /** False when another instance holds the lease (nothing else was done). */
  leased: boolean;
  probed: number;
  /** Projects added to the work set: a queue with messages nobody had marked. */
  marked: number;
  /** This tick ended a pass (the next one starts at the catalogue's beginning). */
  passEnded: boolean;
};

/**
 * One tick of the sweep, under a lease (one instance at a time): the next page of the catalogue
 * from the stored cursor, a read-only probe per project (its slot), then one script in `{feed}`
 * that marks the projects found with queued messages (for the workers) or entries never pushed
 * (merged at read) and moves the cursor. It repairs what an instance that died between an
 * enqueuing script's reply and its mark (noteFeedWork) left undone: `page + 3` round trips.
 */
export async function sweepOnce(
  ctx: FeedContext,
  { holder, page = SWEEP_PAGE, leaseMs = SWEEP_LEASE_MS }: SweepOptions,
): Promise<SweepTick> {
  const keys = feedWorkKeysTagged(ctx.config.workTag);
  const { leased, cursor } = await claimFeedSweep.run(ctx.redis, keys, { holder, lease: leaseMs });
  if (!leased) return { leased: false, probed: 0, marked: 0, passEnded: false };
  const { slugs, next } = await walkCatalogue(cursor, page, ctx.redis);
  const probes = await Promise.all(slugs.map((slug) => probeFeedProject.run(ctx.redis, projectFeedKeys(slug), {})));
  const queued = slugs.filter((_, i) => probes[i]!.messages > 0);
  const merged = slugs.filter((_, i) => probes[i]!.merged);
  const marked = await advanceFeedSweep.run(ctx.redis, keys, {
    holder,
    next: next ?? '',
    now: ctx.now(),
    queued: queued.length,
    slugs: [...queued, ...merged],
  });
  return {
    leased: marked >= 0,
    probed: slugs.length,
    marked: Math.max(marked, 0),
    passEnded: marked >= 0 && next === null,
  };
}

/** Gives the lease up if it is this instance's, so another takes over at once. */
export async function leaveSweep(ctx: FeedContext, holder: string): Promise<void> {
  await claimFeedSweep.run(ctx.redis, feedWorkKeysTagged(ctx.config.workTag), { holder, lease: 0 });
}
