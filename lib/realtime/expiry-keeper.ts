import type { Counter } from '../live-events/snapshot';
import { contributions, KINDS, type KindDescriptor, type Windows } from '../live-events/kinds';
import { EXPIRING_PUSH } from '../live-events/limits';
import type { ExpiringTimes, LiveSnapshot } from '../live-events/types';
import { log } from '../log';

type Watched = {
  due?: number;
  timer?: NodeJS.Timeout;
  lastRead: number;
  /** The most times a page holds while pages hold every time in the window (a complete list grows by one a contribution). */
  completeHeld?: number;
};

/**
 * Keeps the pages of each project this instance relays supplied with times to count down, for
 * every counter kind (lib/live-events/kinds.ts). A snapshot carries each counter's oldest times;
 * once they pass, a page would have to ask again, so every page would read a snapshot every few
 * hundred members. Instead the instance watches the times it handed out (in answers and in its
 * own pushes), and before fewer than `lowWater` are left it reads the next `times` once and
 * pushes them to the project's room: one read per instance, whatever the number of pages, and
 * the count still goes down on the server's clock. Pages given every time in the window add
 * each new one; once such a list would pass `times` (a project turning hot) the instance pushes
 * the oldest `times` instead, so a page never holds more than about `times`.
 */
export function keepExpiringTimes({
  refresh,
  push,
  now,
  counters = KINDS.filter((kind) => kind.shape === 'counter'),
}: {
  refresh(slug: string, expiringLimit: number): Promise<LiveSnapshot>;
  push(slug: string, times: ExpiringTimes): void;
  now(): number;
  counters?: readonly KindDescriptor[];
}) {
  /** slug → counter kind → what its pages hold. */
  const watched = new Map<string, Map<string, Watched>>();
  const counterOf = (snapshot: LiveSnapshot, kind: string) => (snapshot as unknown as Record<string, Counter>)[kind]!;

  /** When a page holding `snapshot`'s times of `kind` must have the next ones: null when it will not need any. */
  const dueFor = (snapshot: LiveSnapshot, kind: string): number | null => {
    const { expiring, expiringComplete } = counterOf(snapshot, kind);
    if (expiringComplete) return null;
    const low = expiring[Math.max(0, expiring.length - EXPIRING_PUSH.lowWater)];
    return low === undefined ? now() : low + (snapshot.windows as Windows)[kind]!;
  };

  const schedule = (slug: string, kind: string, entry: Watched) => {
    clearTimeout(entry.timer);
    if (entry.due === undefined) return;
    const at = Math.max(entry.due, entry.lastRead + EXPIRING_PUSH.minGapMs);
    entry.timer = setTimeout(() => void supply(slug, kind, entry), Math.max(0, at - now()));
    entry.timer.unref?.();
  };

  async function supply(slug: string, kind: string, entry: Watched) {
    entry.due = undefined;
    entry.lastRead = now();
    try {
      const snapshot = await refresh(slug, EXPIRING_PUSH.times);
      if (watched.get(slug)?.get(kind) !== entry) return;
      const { count, expiring, expiringComplete } = counterOf(snapshot, kind);
      // Contributions' times go without a `kind`, as they always did.
      const named = kind === contributions.name ? {} : { kind };
      push(slug, {
        type: 'expiring-times',
        ...named,
        slug,
        version: snapshot.version,
        serverTime: snapshot.serverTime,
        count,
        expiring,
        expiringComplete,
      });
      handedOutOf(slug, kind, snapshot, true);
    } catch (error) {
      log.warn({ err: (error as Error).message, slug, kind }, 'reading the next times to count down failed');
      if (watched.get(slug)?.get(kind) !== entry) return;
      entry.due = now() + EXPIRING_PUSH.minGapMs;
      schedule(slug, kind, entry);
    }
  }

  /** Pages of `slug` hold `snapshot`'s times of `kind` now (an answer to one, or a push to all when `toAll`). */
  function handedOutOf(slug: string, kind: string, snapshot: LiveSnapshot, toAll: boolean) {
    const entry = watched.get(slug)?.get(kind);
    if (!entry) return;
    const due = dueFor(snapshot, kind);
    // A push replaces every page's times; an answer adds a page whose times may run out first.
    if (toAll) entry.due = due ?? undefined;
    else if (due !== null) entry.due = Math.min(entry.due ?? Infinity, due);
    const counter = counterOf(snapshot, kind);
    const held = counter.expiringComplete ? counter.expiring.length : undefined;
    if (toAll) entry.completeHeld = held;
    else if (held !== undefined) entry.completeHeld = Math.max(entry.completeHeld ?? 0, held);
    schedule(slug, kind, entry);
  }

  return {
    track(slug: string) {
      if (!watched.has(slug)) watched.set(slug, new Map(counters.map((kind) => [kind.name, { lastRead: -Infinity }])));
    },
    untrack(slug: string) {
      watched.get(slug)?.forEach((entry) => clearTimeout(entry.timer));
      watched.delete(slug);
    },
    /** A page of `slug` was answered with `snapshot`: it holds every counter's times in it. */
    handedOut(slug: string, snapshot: LiveSnapshot) {
      for (const kind of counters) handedOutOf(slug, kind.name, snapshot, false);
    },
    /** A member of the counter `kind` of `slug` was published: pages holding every time add it to their list. */
    recorded(slug: string, kind: string = contributions.name) {
      const entry = watched.get(slug)?.get(kind);
      if (entry?.completeHeld === undefined || ++entry.completeHeld <= EXPIRING_PUSH.times) return;
      entry.completeHeld = undefined;
      entry.due = now();
      schedule(slug, kind, entry);
    },
    close() {
      watched.forEach((kinds) => kinds.forEach((entry) => clearTimeout(entry.timer)));
      watched.clear();
    },
  };
}
