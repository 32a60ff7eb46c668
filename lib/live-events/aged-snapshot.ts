import { inWindow, KINDS, windowOf, type KindDescriptor } from './kinds';
import { tiersAt } from './tier-places';
import { campaignEndAt, type Counter, type KindPart, type Member } from './snapshot';
import type { LiveSnapshot } from './types';

/**
 * A snapshot read earlier, as it stands at `now` (server clock): what left its window since the
 * read is gone (a hold whose time came too), and `serverTime` is `now`. Null when a count cannot be known any more (a
 * counter's known times ran out while older ones still count): read it again.
 */
export function snapshotAt(
  snapshot: LiveSnapshot,
  now: number,
  visitors = snapshot.visitors.count,
  kinds: readonly KindDescriptor[] = KINDS,
): LiveSnapshot | null {
  const aged: Record<string, KindPart> = {};
  const parts = snapshot as unknown as Record<string, KindPart>;
  for (const kind of kinds) {
    const window = windowOf(snapshot.windows, kind);
    if (kind.shape === 'presence') aged[kind.name] = { count: visitors };
    else if (kind.shape === 'list')
      aged[kind.name] = ((parts[kind.name] ?? []) as Member[]).filter((item) => inWindow(item.at, window, now));
    else {
      const counter = agedCounter(
        (parts[kind.name] ?? { count: 0, expiring: [], expiringComplete: true }) as Counter,
        window,
        now,
      );
      if (!counter) return null;
      aged[kind.name] = counter;
    }
  }
  return {
    ...snapshot,
    serverTime: now,
    ...campaignEndAt(snapshot, now),
    tiers: tiersAt(snapshot.tiers ?? [], now),
    ...aged,
  } as LiveSnapshot;
}

/** A counter at `now`: its times past the window leave the count; null when the count is unknown. */
export function agedCounter(counter: Counter, window: number, now: number): Counter | null {
  const expiring = counter.expiring.filter((at) => inWindow(at, window, now));
  const left = counter.expiring.length - expiring.length;
  if (!counter.expiringComplete && expiring.length === 0 && counter.count > left) return null;
  return { ...counter, count: counter.count - left, expiring };
}
