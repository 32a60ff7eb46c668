'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { CLOCK_TIMING } from '@/lib/http/server-timing';
import { campaignAt, endTimerDelay, type CampaignState } from './campaign';

/**
 * The server's clock in a page without a socket (the catalogue): the document's Server-Timing
 * `clock` entry, stamped by the instance as it took the request, against the browser's clock
 * halfway between asking and the first byte. Not the HTML, which a shared page serves for seconds
 * (docs/architecture.md). Browsers expose it over HTTPS and on localhost; elsewhere it is the
 * browser's own clock.
 */
let documentOffset: number | undefined;
function serverClockOffset(): number {
  if (documentOffset !== undefined) return documentOffset;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const stamp = Number(navigation?.serverTiming?.find((entry) => entry.name === CLOCK_TIMING)?.description);
  const askedAt = navigation
    ? performance.timeOrigin + (navigation.requestStart + navigation.responseStart) / 2
    : Date.now();
  return (documentOffset = stamp > 0 ? stamp - askedAt : 0);
}

/** One second's tick shared by every count-down of the page. */
const listeners = new Set<() => void>();
let tick = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const seconds = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    timer ??= setInterval(() => {
      tick = Date.now();
      for (const notify of listeners) notify();
    }, 1_000);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) timer = void clearInterval(timer);
    };
  },
  read: () => (tick ||= Date.now()),
};

/** The server's time now, ticking every second; null while rendering on the server. */
export function useDocumentClock(): number | null {
  const browserNow = useSyncExternalStore(seconds.subscribe, seconds.read, () => null);
  return browserNow === null ? null : browserNow + serverClockOffset();
}

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true after: what depends on the time waits for it. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Where the campaign stands at `now` (the server's clock; null on the server: nothing is
 * written in the shared HTML). A timer set for the end itself flips it at the end, not at the
 * next second's tick.
 */
export function useCampaign(
  project: { endsAt?: number; goal: number },
  raised: number,
  now: number | null,
): CampaignState | null {
  const at = useNowPast(project.endsAt, useHydrated() ? now : null);
  return at === null ? null : campaignAt(project, raised, at);
}

function useNowPast(endsAt: number | undefined, now: number | null): number | null {
  const [passed, setPassed] = useState<number | undefined>();
  useEffect(() => {
    const delay = endTimerDelay(endsAt, now);
    if (delay === null) return;
    const timer = setTimeout(() => setPassed(endsAt), delay);
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  return now !== null && passed !== undefined && passed === endsAt ? Math.max(now, endsAt) : now;
}
