import { z } from 'zod';
import { liveEventKeys } from '../live-events/keys';
import type { LiveChange, LiveSnapshot } from '../live-events/types';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { projectRoom, type RealtimeServer } from './events';
import type { RealtimeHub, Subscription } from './hub';
import { keepExpiringTimes } from './expiry-keeper';
import { frameBatcher, type FrameBatcher } from './frame-batcher';
import { createSnapshotCache } from './snapshot-cache';

/** At most one viewer-count push per project per this many ms: a crowd arriving costs a page a few pushes, the last still well within a second (tests/realtime/pushes.test.ts). */
const VISITOR_PUSH_MS = 250;

/** At most one frame per project per this many ms: ~10 a second per socket in a hot room. */
const FRAME_MS = 100;

/** Our own scripts publish these; the shape is checked so that a stray message cannot crash us. */
const publishedChange = z.looseObject({ type: z.string() });

export type LiveRelay = {
  /**
   * A socket (or the page cache) of this instance watches `slug`: relay its changes until it is
   * released. `stale` hears every change to what the project's page shows (not viewer counts).
   */
  watch(slug: string, stale?: () => void): Subscription;
  /** The project's snapshot as of now: from this instance's cache while it relays the project. */
  snapshot(slug: string): Promise<LiveSnapshot>;
  close(): void;
};

/**
 * Relays what the live-event scripts publish on a project's own channel to the sockets of this
 * instance that watch it. The instance subscribes to a project while one of its sockets watches
 * it, so it hears nothing of the others. Viewer counts are coalesced: when many people arrive
 * at once each page gets the latest count every VISITOR_PUSH_MS instead of one push per arrival.
 * Having heard every version, it keeps the latest snapshot of each project it relays
 * (snapshot-cache.ts): a watch storm costs Redis one read, not one per socket. Changes go out as
 * they come while a project is quiet, and at most one frame per FRAME_MS when it is hot
 * (frame-batcher.ts): 'live:change' for one, 'live:changes' for several, every version in it.
 * Before the times its pages count down (of every counter kind) run out, it pushes them the
 * next ones (expiry-keeper.ts), so no page asks again for them.
 */
export function relayLiveChanges(
  io: RealtimeServer,
  hub: RealtimeHub,
  source: { read(slug: string, expiringLimit?: number): Promise<LiveSnapshot>; now(): number },
): LiveRelay {
  const latestVisitorCounts = new Map<string, LiveChange>();
  const watched = new Map<
    string,
    { sockets: number; subscription: Subscription; frames: FrameBatcher<LiveChange>; stale: Set<() => void> }
  >();
  const staled = (slug: string) => watched.get(slug)?.stale.forEach((listener) => listener());
  const push = (change: LiveChange) => watched.get(change.slug)?.frames.push(change);
  const metrics = appMetrics();
  const cache = createSnapshotCache({
    read: source.read,
    now: source.now,
    hearsEverything: (slug) => watched.get(slug)?.subscription.live() ?? false,
    counted: metrics.snapshotRead,
  });
  hub.onRedisUp(cache.clear);
  const expiring = keepExpiringTimes({ refresh: cache.refresh, push: (_slug, times) => push(times), now: source.now });
  let visitorFlush: NodeJS.Timeout | undefined;
  const flushVisitorCounts = () => {
    visitorFlush = undefined;
    for (const change of latestVisitorCounts.values()) push(change);
    latestVisitorCounts.clear();
  };

  const relay = (slug: string) => (message: string) => {
    let published: z.infer<typeof publishedChange>;
    try {
      published = publishedChange.parse(JSON.parse(message));
    } catch {
      return log.warn({ message: message.slice(0, 200) }, 'ignored a malformed live change');
    }
    // A project saved (save-project.lua): its page's HTML changes, its live panel does not.
    if (published.type === 'project-saved') return staled(slug);
    // The channel names the project: a message cannot reach another project's page.
    const change = { ...published, slug } as LiveChange;
    cache.heard(slug, change);
    if (change.type !== 'visitors-changed') staled(slug);
    if (change.type === 'contribution-recorded') expiring.recorded(slug);
    if (change.type === 'event-recorded') change.kinds.forEach((kind) => expiring.recorded(slug, kind));
    if (change.type !== 'visitors-changed') return void push(slimmed(change));
    latestVisitorCounts.set(slug, change);
    visitorFlush ??= setTimeout(flushVisitorCounts, VISITOR_PUSH_MS);
  };

  const sendFrame = (slug: string, changes: LiveChange[]) => {
    // Only the latest viewer count of a frame matters; every versioned change goes, in order.
    const lastCount = changes.findLastIndex((change) => change.type === 'visitors-changed');
    const kept = changes.filter((change, index) => change.type !== 'visitors-changed' || index === lastCount);
    const room = io.to(projectRoom(slug));
    if (kept.length === 1) room.emit('live:change', kept[0]!);
    else room.emit('live:changes', { slug, changes: kept });
  };

  // Only this project's channel moved: only its pages resync ("down", then "up" once it is live).
  const moves = (slug: string) => ({
    interrupted() {
      cache.forget(slug);
      staled(slug);
      io.to(projectRoom(slug)).emit('server:status', { redis: 'down' });
    },
    resumed: () => void io.to(projectRoom(slug)).emit('server:status', hub.status()),
  });

  return {
    watch(slug, stale) {
      const entry = watched.get(slug) ?? {
        sockets: 0,
        subscription: hub.subscribe(liveEventKeys(slug).changes, relay(slug), moves(slug)),
        frames: frameBatcher<LiveChange>(FRAME_MS, (changes) => sendFrame(slug, changes)),
        stale: new Set<() => void>(),
      };
      entry.sockets++;
      if (stale) entry.stale.add(stale);
      watched.set(slug, entry);
      cache.track(slug);
      expiring.track(slug);
      let released = false;
      return {
        ready: entry.subscription.ready,
        live: entry.subscription.live,
        release() {
          if (released) return;
          released = true;
          if (stale) entry.stale.delete(stale);
          if (--entry.sockets > 0) return;
          watched.delete(slug);
          entry.frames.close();
          cache.untrack(slug);
          expiring.untrack(slug);
          entry.subscription.release();
        },
      };
    },
    async snapshot(slug) {
      const snapshot = await cache.snapshot(slug);
      expiring.handedOut(slug, snapshot);
      return snapshot;
    },
    close() {
      clearTimeout(visitorFlush);
      expiring.close();
      watched.forEach((entry) => entry.frames.close());
    },
  };
}

/** A pushed item once, not twice: its activity entry is the item with seq = version (activity-timeline.lua). */
function slimmed(change: LiveChange): LiveChange {
  if (
    (change.type !== 'contribution-recorded' && change.type !== 'news-published') ||
    change.activity?.seq !== change.version
  )
    return change;
  return { ...change, activity: undefined };
}
