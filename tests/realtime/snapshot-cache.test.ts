import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSnapshot, recordContribution } from '../../lib/live-events';
import type { LiveChange, LiveSnapshot } from '../../lib/live-events/types';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { createProject } from '../support';
import { startInProcessApp, type ClientSocket, type InProcessApp } from '../hostile/in-process-app';
import { snapshotReadsOf } from './support';

/**
 * One snapshot read per version per instance, not per socket: the app's real HTTP + Socket.IO
 * server in this process, real clients, on this run's Redis (single and cluster). The sockets
 * carry no visitor cookie, so a watch sends Redis nothing but its snapshot read.
 */
const WINDOW_MS = 3_000;
let app: InProcessApp;
beforeAll(async () => {
  process.env.WINDOW_CONTRIBUTIONS_MS = String(WINDOW_MS);
  process.env.WINDOW_CONTRIBUTORS_MS = String(WINDOW_MS);
  app = await startInProcessApp();
});
afterAll(async () => app.close());

const SOCKETS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ctx = () => ({
  redis: app.redis,
  windows: { ...DEFAULT_WINDOWS, contributions: WINDOW_MS, contributors: WINDOW_MS },
  now: Date.now,
});

async function watchAll(sockets: ClientSocket[], slug: string): Promise<LiveSnapshot[]> {
  const replies = await Promise.all(
    sockets.map((socket) => socket.timeout(5_000).emitWithAck('project:watch', { slug })),
  );
  return replies.map((reply) => {
    if (!reply.ok) throw new Error(`watch answered ${reply.error}`);
    return reply.snapshot;
  });
}

/** Resolves once every socket got the change of `version`. */
function changeReached(sockets: ClientSocket[], version: number): Promise<void> {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const seen = (change: LiveChange) => {
            if (change.type === 'visitors-changed' || change.version < version) return;
            socket.off('live:change', seen);
            resolve();
          };
          socket.on('live:change', seen);
        }),
    ),
  ).then(() => undefined);
}

describe('a watch storm', () => {
  it('reads Redis once per version on this instance, and every socket gets the snapshot a read would give', async () => {
    const slug = await createProject(app.redis);
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => app.open()));
    const reads = snapshotReadsOf(app.redis, slug);
    try {
      await watchAll(sockets, slug);
      expect(reads.count()).toBe(1);

      for (let round = 1; round <= 3; round++) {
        const reached = changeReached(sockets, round);
        await recordContribution(slug, { name: `n${round}`, amount: 5 }, ctx());
        await reached;
        const before = reads.count();
        const snapshots = await watchAll(sockets, slug);
        expect(reads.count() - before).toBe(1);
        const truth = await readLiveSnapshot(slug, ctx());
        for (const snapshot of snapshots) {
          expect(snapshot.version).toBe(round);
          expect(snapshot.raised).toBe(truth.raised);
          expect(snapshot.contributions.count).toBe(truth.contributions.count);
          expect(snapshot.contributors.map((item) => item.id)).toEqual(truth.contributors.map((item) => item.id));
        }
      }
      // Re-watching with nothing new costs nothing.
      const before = reads.count();
      await watchAll(sockets, slug);
      expect(reads.count()).toBe(before);
    } finally {
      reads.stop();
      sockets.forEach((socket) => socket.close());
    }
  });

  it('serves a cached snapshot on the server clock: what left its window since the read is gone, without reading again', async () => {
    const slug = await createProject(app.redis);
    const [socket] = await Promise.all([app.open()]);
    const reads = snapshotReadsOf(app.redis, slug);
    try {
      await watchAll([socket!], slug);
      const reached = changeReached([socket!], 1);
      await recordContribution(slug, { name: 'early', amount: 7 }, ctx());
      await reached;
      const [first] = await watchAll([socket!], slug);
      expect(first!.contributions.count).toBe(1);
      expect(first!.contributors).toHaveLength(1);
      await sleep(WINDOW_MS + 200);
      const [aged] = await watchAll([socket!], slug);
      expect(reads.count()).toBe(2);
      expect(aged!.serverTime).toBeGreaterThanOrEqual(first!.serverTime + WINDOW_MS);
      expect(aged!.contributions).toMatchObject({ count: 0, expiring: [] });
      expect(aged!.contributors).toEqual([]);
      expect(aged!.version).toBe(1);
    } finally {
      reads.stop();
      socket!.close();
    }
  });

  it('forgets a project nobody on this instance watches any more: the next watch reads again', async () => {
    const slug = await createProject(app.redis);
    const reads = snapshotReadsOf(app.redis, slug);
    try {
      const first = await app.open();
      await watchAll([first], slug);
      first.close();
      await expect.poll(() => app.server.io.of('/').adapter.rooms.has(`project:${slug}`)).toBe(false);
      const second = await app.open();
      await watchAll([second], slug);
      expect(reads.count()).toBe(2);
      second.close();
    } finally {
      reads.stop();
    }
  });
});
