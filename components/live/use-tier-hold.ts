'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { TierPlaces } from './TierChoice';

/** `refused`: why no place was held, which the form words in the page's locale. */
export type TierHold = { tier: string; expiresAt: number } | { tier: string; refused: 'sold-out' | 'failed' } | null;

/**
 * The visitor's hold on the limited tier they chose: asked for when chosen, given back when they
 * choose another (or leave), dropped when its time comes on the server's clock (`now`). The
 * pledge consumes it on the server; `settle` forgets it then.
 */
export function useTierHold(slug: string, now: number) {
  const [hold, setHold] = useState<TierHold>(null);
  const held = useRef<string | null>(null);

  const release = useCallback(() => {
    const tier = held.current;
    held.current = null;
    if (tier)
      void fetch(`/api/projects/${slug}/tiers/${tier}/hold`, { method: 'DELETE', keepalive: true }).catch(
        () => undefined,
      );
  }, [slug]);

  const choose = useCallback(
    async (tier: TierPlaces | null) => {
      release();
      setHold(null);
      if (!tier || tier.limit === null) return;
      held.current = tier.id;
      const response = await fetch(`/api/projects/${slug}/tiers/${tier.id}/hold`, { method: 'POST' }).catch(() => null);
      if (held.current !== tier.id) return;
      if (response?.ok) return setHold((await response.json()) as { tier: string; expiresAt: number });
      held.current = null;
      setHold({
        tier: tier.id,
        refused: response?.status === 409 ? 'sold-out' : 'failed',
      });
    },
    [slug, release],
  );

  useEffect(() => release, [release]);

  const lapsed = hold !== null && 'expiresAt' in hold && hold.expiresAt <= now;
  const settle = useCallback(() => {
    held.current = null;
    setHold(null);
  }, []);
  return {
    hold,
    lapsed,
    secondsLeft: hold && 'expiresAt' in hold ? Math.max(0, Math.ceil((hold.expiresAt - now) / 1_000)) : 0,
    choose,
    settle,
  };
}
