import type { FeedConfig } from '../feed/hook';
import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { KINDS, type KindDescriptor } from './kinds';
import { windowsFromEnv, type Windows } from './windows';

/** A project's metrics after a contribution write (a recording, a cancellation, an import). */
export type ProjectMetrics = { raised?: number; contributions?: number };

/** What every live-event operation needs. Tests pass their own client, windows and clock. */
export type LiveEventsContext = {
  redis: RedisClient;
  windows: Windows;
  now: () => number;
  /**
   * Called when a presence write changed a project's visitor count but Redis held its publish
   * back (at most a few a second per project): the caller settles it a moment later with
   * settleVisitors, so the last change of a burst still reaches the pages.
   */
  onVisitorsPending?: (slug: string) => void;
  /** The kinds snapshots carry: kinds.ts's KINDS unless a test registers its own. */
  kinds?: readonly KindDescriptor[];
  /**
   * Told a project's metrics after each contribution write. The app's writes take theirs from
   * lib/creators/project-writes.ts, which emits the creator's metric event from it (a second
   * round trip, in the creator account's slot); unset, nothing more happens.
   */
  onProjectMetrics?: (slug: string, metrics: ProjectMetrics) => Promise<void>;
  /**
   * Ms added to Redis' clock where holds are counted (lib/redis/includes/holds.lua): a test moves
   * time past a hold's lapse with it. Unset in the app: no request can reach it.
   */
  clockShift?: () => number;
  /** How long a hold on a tier's place lasts (ms): HOLD_MS unless a test sets its own. */
  holdMs?: number;
  /** The home feed's settings (lib/feed), when not the environment's. */
  feed?: FeedConfig;
};

let windows: Windows | undefined;

/** The windows in force (from the environment, parsed once). */
export function configuredWindows(): Windows {
  return (windows ??= windowsFromEnv());
}

export const kindsOf = (ctx: LiveEventsContext): readonly KindDescriptor[] => ctx.kinds ?? KINDS;

export function defaultLiveEventsContext(): LiveEventsContext {
  return { redis: getRedis(), windows: configuredWindows(), now: Date.now };
}
