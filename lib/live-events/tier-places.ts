import type { LiveSnapshot } from './types';

type Tiers = LiveSnapshot['tiers'];
type TierChange = { id: string; claimed: number; held?: number; holds?: number[] };

/** The tiers after a pledge, a cancel or a hold on one of them: its places claimed now, and its holds when the change carries them. */
export function tiersAfter(tiers: Tiers, changed: TierChange | undefined): Tiers {
  if (!changed) return tiers;
  return tiers.map((tier) => {
    if (tier.id !== changed.id) return tier;
    const holds = changed.held === undefined ? tier.holds : (changed.holds ?? []);
    return {
      ...tier,
      claimed: changed.claimed,
      holds,
      held: holds.length,
      left: tier.limit === null ? null : Math.max(0, tier.limit - changed.claimed - holds.length),
    };
  });
}

/** The tiers at `now`: a hold whose time has come is gone by itself, its place back, with no request (Redis prunes it at the same time). */
export function tiersAt(tiers: Tiers, now: number): Tiers {
  return tiers.map((tier) => {
    const holds = (tier.holds ?? []).filter((expiresAt) => expiresAt > now);
    if (holds.length === tier.held && tier.holds) return tier;
    return {
      ...tier,
      holds,
      held: holds.length,
      left: tier.limit === null ? null : Math.max(0, tier.limit - tier.claimed - holds.length),
    };
  });
}
