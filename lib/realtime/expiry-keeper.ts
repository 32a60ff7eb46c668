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
 * Keeps the pages of each project this instance relays supplied with contribution times to count
 * down. A snapshot carries the oldest times; once they pass, a page would have to ask again, so
 * every page would read a snapshot every few hundred contributions. Instead the instance watches
 * the times it handed out (in answers and in its own pushes), and before fewer than `lowWater`
 * are left it reads the next `times` once and pushes them to the project's room: one read per
 * instance, whatever the number of pages, and the count still goes down on the server's clock.
 * Pages given every time in the window add each new one; once such a list would pass `times`
 * (a project turning hot) the instance pushes the oldest `times` instead, so a page never holds
 * more than about `times` (and copies no more on a change).
 */
export function keepExpiringTimes({
  refresh,
  push,
  now,
}: {
  refresh(slug: string, expiringLimit: number): Promise<LiveSnapshot>;
  push(slug: string, times: ExpiringTimes): void;
  now(): number;
}) {
  const watched = new Map<string, Watched>();

  /** When a page holding `snapshot`'s times must have the next ones: null when it will not need any. */
  const dueFor = (snapshot: LiveSnapshot): number | null => {
    const { expiring, expiringComplete } = snapshot.contributions;
    if (expiringComplete) return null;
    const low = expiring[Math.max(0, expiring.length - EXPIRING_PUSH.lowWater)];
    return low === undefined ? now() : low + snapshot.windows.contributions;
  };

  const schedule = (slug: string, entry: Watched) => {
    clearTimeout(entry.timer);
    if (entry.due === undefined) return;
    const at = Math.max(entry.due, entry.lastRead + EXPIRING_PUSH.minGapMs);
    entry.timer = setTimeout(() => void supply(slug, entry), Math.max(0, at - now()));
    entry.timer.unref?.();
  };

  async function supply(slug: string, entry: Watched) {
    entry.due = undefined;
    entry.lastRead = now();
    try {
      const snapshot = await refresh(slug, EXPIRING_PUSH.times);
      if (watched.get(slug) !== entry) return;
      const { count, expiring, expiringComplete } = snapshot.contributions;
      push(slug, { type: 'contributions-expiring', slug, version: snapshot.version, serverTime: snapshot.serverTime, count, expiring, expiringComplete });
      handedOut(slug, snapshot, true);
    } catch (error) {
      log.warn({ err: (error as Error).message, slug }, 'reading the next contribution times failed');
      if (watched.get(slug) !== entry) return;
      entry.due = now() + EXPIRING_PUSH.minGapMs;
      schedule(slug, entry);
    }
  }

  /** Pages of `slug` hold `snapshot`'s times now (an answer to one, or a push to all when `toAll`). */
  function handedOut(slug: string, snapshot: LiveSnapshot, toAll = false) {
    const entry = watched.get(slug);
    if (!entry) return;
    const due = dueFor(snapshot);
    // A push replaces every page's times; an answer adds a page whose times may run out first.
    if (toAll) entry.due = due ?? undefined;
    else if (due !== null) entry.due = Math.min(entry.due ?? Infinity, due);
    const held = snapshot.contributions.expiringComplete ? snapshot.contributions.expiring.length : undefined;
    if (toAll) entry.completeHeld = held;
    else if (held !== undefined) entry.completeHeld = Math.max(entry.completeHeld ?? 0, held);
    schedule(slug, entry);
  }

  /** A contribution of `slug` was published: pages holding every time add it to their list. */
  function recorded(slug: string) {
    const entry = watched.get(slug);
    if (entry?.completeHeld === undefined || ++entry.completeHeld <= EXPIRING_PUSH.times) return;
    entry.completeHeld = undefined;
    entry.due = now();
    schedule(slug, entry);
  }

  return {
    track: (slug: string) => void (watched.has(slug) || watched.set(slug, { lastRead: -Infinity })),
    untrack(slug: string) {
      clearTimeout(watched.get(slug)?.timer);
      watched.delete(slug);
    },
    handedOut,
    recorded,
    close() {
      watched.forEach((entry) => clearTimeout(entry.timer));
      watched.clear();
    },
  };
}
