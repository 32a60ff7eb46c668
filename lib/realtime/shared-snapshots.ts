import { readLiveSnapshot } from '../live-events';
import type { LiveSnapshot } from '../live-events/types';

type ReadSnapshot = (slug: string) => Promise<LiveSnapshot>;

/** server.ts and Next's bundle are separate module graphs: the relay's reader is handed over on globalThis. */
const shared = globalThis as typeof globalThis & { __crowdpulseSnapshots?: ReadSnapshot };

/** server.ts: page renders read a project's snapshot through the relay (its copy, one read per version). */
export function shareSnapshots(read: ReadSnapshot): void {
  shared.__crowdpulseSnapshots = read;
}

/**
 * A project's live snapshot for its page: this instance's copy while its relay hears the project
 * (the page cache subscribes before it renders), else read from Redis. Throws NotFoundError for
 * an unknown project.
 */
export function readSnapshotForPage(slug: string): Promise<LiveSnapshot> {
  return (shared.__crowdpulseSnapshots ?? readLiveSnapshot)(slug);
}
