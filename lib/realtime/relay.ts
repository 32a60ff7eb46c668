import { z } from 'zod';
import { LIVE_EVENTS_CHANNEL } from '../live-events/keys';
import type { LiveChange } from '../live-events/types';
import { log } from '../log';
import { projectRoom, type RealtimeServer } from './events';
import type { RealtimeHub } from './hub';

/** At most one viewer-count push per project per this many ms (well inside the spec's 1 s). */
const VISITOR_PUSH_MS = 250;

/** Our own scripts publish these; the shape is checked so that a stray message cannot crash us. */
const publishedChange = z.looseObject({ type: z.string(), slug: z.string() });

/**
 * Relays what the live-event scripts publish to the sockets of this instance, by project room.
 * Viewer counts are coalesced: when many people arrive at once each page gets the latest count
 * every VISITOR_PUSH_MS instead of one push per arrival (n arrivals × n viewers frames).
 */
export function relayLiveChanges(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  const latestVisitorCounts = new Map<string, LiveChange>();
  let visitorFlush: NodeJS.Timeout | undefined;
  const flushVisitorCounts = () => {
    visitorFlush = undefined;
    for (const change of latestVisitorCounts.values()) io.to(projectRoom(change.slug)).emit('live:change', change);
    latestVisitorCounts.clear();
  };

  hub.subscribe(LIVE_EVENTS_CHANNEL, (message) => {
    let change: LiveChange;
    try {
      change = publishedChange.parse(JSON.parse(message)) as LiveChange;
    } catch {
      return log.warn({ message: message.slice(0, 200) }, 'ignored a malformed live change');
    }
    if (change.type !== 'visitors-changed') return void io.to(projectRoom(change.slug)).emit('live:change', change);
    latestVisitorCounts.set(change.slug, change);
    visitorFlush ??= setTimeout(flushVisitorCounts, VISITOR_PUSH_MS);
  });

  return { close: () => clearTimeout(visitorFlush) };
}
