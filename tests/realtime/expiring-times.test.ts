import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { viewAt } from '../../lib/live-events/client-state';
import { liveEventKeys } from '../../lib/live-events/keys';
import { EXPIRING_PUSH, SNAPSHOT_LIMITS } from '../../lib/live-events/limits';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { createProject } from '../support';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { openLivePage, type LivePage } from './live-page';
import { snapshotReadsOf } from './support';

/**
 * The contributions count on a page that stays open while far more than a snapshot's known times
 * leave the window (a 4 s window here): the app's real server in this process, a page running the
 * browser's model and watch loop over a real socket, on this run's Redis. Server and test share
 * this process's clock, so the page's count is compared with the truth at the same instant.
 */
const WINDOW_MS = 4_000;
const CONTRIBUTIONS = 3 * SNAPSHOT_LIMITS.expiring;
const PAGES = 5;
let app: InProcessApp;
beforeAll(async () => {
  process.env.WINDOW_CONTRIBUTIONS_MS = String(WINDOW_MS);
  app = await startInProcessApp();
});
afterAll(async () => app.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the 24-hour count (a short window here)', () => {
  it(`counts down exactly across ${CONTRIBUTIONS} contributions leaving the window, without asking for a snapshot again`, { timeout: 30_000 }, async () => {
    const slug = await createProject(app.redis);
    const ctx = { redis: app.redis, windows: { ...DEFAULT_WINDOWS, contributions: WINDOW_MS }, now: Date.now };
    const times: number[] = [];
    // Spread over about a second, so they leave one after another, not all at once.
    for (let sent = 0; sent < CONTRIBUTIONS; sent += 20) {
      const recorded = await Promise.all(Array.from({ length: 20 }, (_, i) => recordContribution(slug, { name: `Aging ${sent + i}`, amount: 1 }, ctx)));
      times.push(...recorded.map((contribution) => contribution.at));
      await sleep(30);
    }
    const reads = snapshotReadsOf(app.redis, slug);
    const pages = Array.from({ length: PAGES }, () => openLivePage(app.url, slug));
    const [page] = pages as [LivePage];
    try {
      await expect.poll(() => pages.every((each) => each.state() !== null)).toBe(true);
      expect(pages.every((each) => !each.state()!.counters.contributions!.expiringComplete || each.state()!.counters.contributions!.expiring.length > SNAPSHOT_LIMITS.expiring)).toBe(true);
      const truth = (now: number) => times.filter((at) => at > now - WINDOW_MS).length;
      const mismatches: string[] = [];
      let samples = 0;
      while (truth(Date.now()) > 0 || samples === 0) {
        const now = Date.now();
        // On the server's clock, which is this one (the page's offset would add the socket's latency).
        for (const each of pages) {
          const shown = viewAt(each.state()!, now).contributionCount;
          if (shown !== truth(now)) mismatches.push(`${shown} shown, ${truth(now)} true`);
        }
        samples++;
        await sleep(25);
      }
      expect(samples).toBeGreaterThan(20);
      expect(mismatches).toEqual([]);
      expect(pages.map((each) => each.watches)).toEqual(pages.map(() => 1));
      expect(viewAt(page.state()!, Date.now()).contributionCount).toBe(0);
      // The pages' first snapshot, then the instance's read of the next times: not one per page.
      expect(reads.count()).toBeLessThanOrEqual(3);
    } finally {
      reads.stop();
      pages.forEach((each) => each.close());
    }
  });

  it(`pushes the oldest times to pages holding every one once a project passes ${EXPIRING_PUSH.times} in the window: a page's list stays bounded`, { timeout: 30_000 }, async () => {
    const slug = await createProject(app.redis);
    const ctx = { redis: app.redis, windows: { ...DEFAULT_WINDOWS, contributions: WINDOW_MS }, now: Date.now };
    const page = openLivePage(app.url, slug);
    try {
      await expect.poll(() => page.state()?.counters.contributions?.expiringComplete).toBe(true);
      const times: number[] = [];
      for (let sent = 0; sent < EXPIRING_PUSH.times + 200; sent += 100) {
        const recorded = await Promise.all(Array.from({ length: 100 }, (_, i) => recordContribution(slug, { name: `Hot ${sent + i}`, amount: 1 }, ctx)));
        times.push(...recorded.map((contribution) => contribution.at));
      }
      const version = Number(await app.redis.hget(liveEventKeys(slug).info, 'version'));
      await expect.poll(() => page.state()!.version).toBe(version);
      await expect.poll(() => page.state()!.counters.contributions!.expiringComplete).toBe(false);
      const now = Date.now();
      expect(page.state()!.counters.contributions!.expiring.length).toBeLessThanOrEqual(EXPIRING_PUSH.times);
      expect(viewAt(page.state()!, now).contributionCount).toBe(times.filter((at) => at > now - WINDOW_MS).length);
      expect(page.watches).toBe(1);
    } finally {
      page.close();
    }
  });
});

