import { snapshotAt } from '../live-events/aged-snapshot';
import type { LiveChange, LiveSnapshot } from '../live-events/types';

/** A stale single-flight read is followed by at most this many more before reading alone. */
const SHARED_READS = 3;

export type SnapshotSource = {
  read(slug: string, expiringLimit?: number): Promise<LiveSnapshot>;
  now(): number;
  /** The instance hears every change of `slug` now (subscribed, Redis up): a cached snapshot stays exact. */
  hearsEverything(slug: string): boolean;
  /** Counts a snapshot read that reached Redis. */
  counted?(): void;
};

type Entry = {
  /** The highest version this instance heard published (the relay sees every one). */
  heard: number;
  snapshot?: LiveSnapshot;
  /** The latest viewer count Redis published, and whether it came after `snapshot` was asked for. */
  visitors?: number;
  visitorsHeard: number;
  reading?: Promise<LiveSnapshot>;
};

export type SnapshotCache = ReturnType<typeof createSnapshotCache>;

/**
 * The latest snapshot of each project this instance relays, so a watch costs Redis one read per
 * version per instance rather than one per socket. Every versioned change heard drops it, and
 * concurrent misses share one read (single-flight). A cached snapshot is aged to the server's
 * clock when served (snapshotAt) and carries the latest published viewer count. Nothing is
 * cached for a project the instance does not relay, nor while it may miss a change
 * (subscription not live, Redis down): `clear` on every "up" forgets what was read before.
 */
export function createSnapshotCache(source: SnapshotSource) {
  const entries = new Map<string, Entry>();
  let generation = 0;

  const read = (slug: string, expiringLimit?: number) => {
    source.counted?.();
    return source.read(slug, expiringLimit);
  };

  function readInto(slug: string, entry: Entry, expiringLimit?: number): Promise<LiveSnapshot> {
    const started = generation;
    const visitorsHeard = entry.visitorsHeard;
    const reading = read(slug, expiringLimit).then((snapshot) => {
      const current = entries.get(slug) === entry && started === generation && source.hearsEverything(slug);
      if (current && snapshot.version >= entry.heard) {
        entry.snapshot = snapshot;
        if (entry.visitorsHeard === visitorsHeard) entry.visitors = snapshot.visitors.count;
      }
      return snapshot;
    });
    const forget = () => {
      if (entry.reading === reading) entry.reading = undefined;
    };
    entry.reading = reading;
    reading.then(forget, forget);
    return reading;
  }

  const forget = (entry: Entry) => {
    entry.snapshot = undefined;
    entry.reading = undefined;
  };

  const served = (entry: Entry, snapshot: LiveSnapshot) =>
    snapshotAt(snapshot, source.now(), entry.visitors ?? snapshot.visitors.count);

  return {
    /** The relay starts hearing `slug`. */
    track(slug: string) {
      if (!entries.has(slug)) entries.set(slug, { heard: 0, visitorsHeard: 0 });
    },
    /** The relay stops hearing `slug`: what it holds can no longer be kept up to date. */
    untrack: (slug: string) => void entries.delete(slug),
    /** Every change the relay hears, before it reaches a socket. */
    heard(slug: string, change: LiveChange) {
      const entry = entries.get(slug);
      if (!entry) return;
      if (change.type === 'visitors-changed') {
        entry.visitors = change.count;
        entry.visitorsHeard++;
        return;
      }
      entry.heard = Math.max(entry.heard, change.version);
      if (entry.snapshot && entry.snapshot.version < change.version) entry.snapshot = undefined;
    },
    /** After an outage: what was read or heard before may have missed changes. */
    clear() {
      generation++;
      for (const entry of entries.values()) forget(entry);
    },
    /** This project's subscription moved: it may have missed changes. */
    forget(slug: string) {
      generation++;
      const entry = entries.get(slug);
      if (entry) forget(entry);
    },
    /** A fresh read with `expiringLimit` contribution times, kept as the latest snapshot. */
    refresh(slug: string, expiringLimit: number): Promise<LiveSnapshot> {
      const entry = entries.get(slug);
      return entry && source.hearsEverything(slug) ? readInto(slug, entry, expiringLimit) : read(slug, expiringLimit);
    },
    /** The snapshot of `slug` as of now, at least as new as every version this instance heard. */
    async snapshot(slug: string): Promise<LiveSnapshot> {
      const entry = entries.get(slug);
      if (!entry || !source.hearsEverything(slug)) return read(slug);
      const wanted = entry.heard;
      for (let attempt = 0; attempt < SHARED_READS; attempt++) {
        const cached = entry.snapshot && entry.snapshot.version >= wanted ? served(entry, entry.snapshot) : null;
        if (cached) return cached;
        if (entry.snapshot && !cached) entry.snapshot = undefined;
        const snapshot = await (entry.reading ?? readInto(slug, entry));
        if (snapshot.version >= wanted) return served(entry, snapshot) ?? read(slug);
      }
      return read(slug);
    },
  };
}
