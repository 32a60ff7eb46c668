import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { configuredWindows } from '../../lib/live-events/context';
import { createProject } from '../support';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { openLivePage, type LivePage } from './live-page';

/**
 * Fan-out to a hot project: the app's real HTTP + Socket.IO server in this process, pages that
 * run the browser's watch loop and model over real sockets, on this run's Redis.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(async () => app.close());

const PAGES = 20;
const CONTRIBUTIONS = 300;
const FRAME_MS = 100;
const ctx = () => ({ redis: app.redis, windows: configuredWindows(), now: Date.now });

async function burst(slug: string, count: number): Promise<void> {
  // 30 writes at a time: as fast as this box takes them, many per frame interval.
  for (let sent = 0; sent < count; sent += 30) {
    await Promise.all(
      Array.from({ length: Math.min(30, count - sent) }, (_, i) =>
        recordContribution(slug, { name: `Fan ${sent + i}`, amount: 2 }, ctx()),
      ),
    );
  }
}

async function watched(slug: string, pages: LivePage[]): Promise<void> {
  await expect.poll(() => pages.every((page) => page.state() !== null), { timeout: 10_000 }).toBe(true);
}

describe('a hot project', () => {
  it('reaches each page in at most one frame per 100 ms, every version in them, each contribution once; pages end on Redis', async () => {
    const slug = await createProject(app.redis);
    const pages = Array.from({ length: PAGES }, () => openLivePage(app.url, slug));
    try {
      await watched(slug, pages);
      const burstAt = performance.now();
      await burst(slug, CONTRIBUTIONS);
      const truth = await readLiveSnapshot(slug, ctx());
      expect(truth.version).toBe(CONTRIBUTIONS);
      await expect
        .poll(() => pages.map((page) => page.state()!.version), { timeout: 10_000 })
        .toEqual(pages.map(() => CONTRIBUTIONS));
      for (const page of pages) {
        expect(page.state()!.counters.contributions!.count).toBe(truth.contributions.count);
        expect(page.state()!.raised).toBe(truth.raised);
        // One snapshot, and one more only when the server said its subscription was reset (a
        // loaded cluster's slot refresh can): then the page must ask again, and did no more.
        expect(page.watches).toBeLessThanOrEqual(1 + page.resumes);
        const versions = page.frames.flatMap((frame) =>
          frame.changes.flatMap((change) => (change.type === 'visitors-changed' ? [] : [change.version])),
        );
        expect(versions).toEqual(Array.from({ length: CONTRIBUTIONS }, (_, i) => i + 1));
        // Frames at least 100 ms apart as the instance sends them. Measured from the burst's start,
        // which comes before the first frame is sent, to the last frame's arrival, which comes after
        // it is sent: a busy machine that delivers frames in clumps cannot shorten that span.
        const frames = page.frames.filter((frame) => frame.at >= burstAt);
        const span = page.frames.at(-1)!.at - burstAt;
        expect(frames.length).toBeLessThanOrEqual(Math.floor(span / FRAME_MS) + 3);
        expect(page.frames.length).toBeLessThan(CONTRIBUTIONS / 3);
        for (const change of page.frames.flatMap((frame) => frame.changes))
          expect(change).not.toHaveProperty('activity');
      }
    } finally {
      pages.forEach((page) => page.close());
    }
  });

  it('a page that loses a frame sees the gap in the next one and resyncs, ending on Redis', async () => {
    const slug = await createProject(app.redis);
    const pages = [openLivePage(app.url, slug, (index) => index === 1), openLivePage(app.url, slug)];
    try {
      await watched(slug, pages);
      await burst(slug, 120);
      // The change after the lost frame shows the gap (as before batching: a page learns of a
      // missed change from the next one).
      await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 2));
      await recordContribution(slug, { name: 'After the burst', amount: 1 }, ctx());
      const truth = await readLiveSnapshot(slug, ctx());
      await expect
        .poll(() => pages.map((page) => page.state()!.version), { timeout: 10_000 })
        .toEqual([truth.version, truth.version]);
      expect(pages[0]!.watches).toBeGreaterThanOrEqual(2);
      expect(pages[1]!.watches).toBeLessThanOrEqual(1 + pages[1]!.resumes);
      expect(pages.map((page) => page.state()!.counters.contributions!.count)).toEqual([
        truth.contributions.count,
        truth.contributions.count,
      ]);
      expect(pages.map((page) => page.state()!.raised)).toEqual([truth.raised, truth.raised]);
    } finally {
      pages.forEach((page) => page.close());
    }
  });

  it('a quiet project: the first change after a quiet spell goes out at once, alone, not held for a batch', async () => {
    const slug = await createProject(app.redis);
    const pages = [openLivePage(app.url, slug)];
    try {
      await watched(slug, pages);
      for (let round = 1; round <= 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 2));
        await recordContribution(slug, { name: `Quiet ${round}`, amount: 1 }, ctx());
        await expect.poll(() => pages[0]!.state()!.version).toBe(round);
      }
      expect(pages[0]!.frames.map((frame) => frame.changes.length)).toEqual([1, 1, 1]);
    } finally {
      pages.forEach((page) => page.close());
    }
  });
});
