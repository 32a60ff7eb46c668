import { settleVisitors } from '../live-events';
import type { LiveEventsContext } from '../live-events/context';
import { VISITORS_SETTLE_DELAY_MS } from '../live-events/presence';

/**
 * Redis publishes a project's visitor count at most a few times a second and tells the writer
 * when it held a change back. This instance then settles that project once, a moment later (one
 * timer per project, whatever the burst), so the count a burst ends on reaches every page.
 */
export function visitorSettler(ctx: LiveEventsContext): { pending(slug: string): void; close(): void } {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const pending = (slug: string) => {
    if (closed || timers.has(slug)) return;
    const timer = setTimeout(() => {
      timers.delete(slug);
      // Held back again (another instance published just before): settle again a moment later.
      settleVisitors(slug, { ...ctx, onVisitorsPending: pending }).catch(() => undefined);
    }, VISITORS_SETTLE_DELAY_MS);
    timer.unref();
    timers.set(slug, timer);
  };
  return {
    pending,
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
