import type { LiveSnapshot } from './types';

/**
 * A snapshot read earlier, as it stands at `now` (server clock): what left its window since the
 * read is gone, and `serverTime` is `now`. Null when the count cannot be known any more (the
 * known contribution times ran out while older ones still count): read it again.
 */
export function snapshotAt(snapshot: LiveSnapshot, now: number, visitors = snapshot.visitors.count): LiveSnapshot | null {
  const { windows, contributions } = snapshot;
  const expiring = contributions.expiring.filter((at) => at > now - windows.contributions);
  const left = contributions.expiring.length - expiring.length;
  if (!contributions.expiringComplete && expiring.length === 0 && contributions.count > left) return null;
  return {
    ...snapshot,
    serverTime: now,
    contributions: { ...contributions, count: contributions.count - left, expiring },
    contributors: snapshot.contributors.filter((item) => item.at > now - windows.contributors),
    news: snapshot.news.filter((item) => item.at > now - windows.news),
    visitors: { count: visitors },
  };
}
