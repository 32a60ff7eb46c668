import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { viewAt } from '../../lib/live-events/client-state';
import { liveEventKeys } from '../../lib/live-events/keys';
import { EXPIRING_PUSH, SNAPSHOT_LIMITS } from '../../lib/live-events/limits';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { createProject, keysMatching } from '../support';
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
// One clock for the app and the test (Date only: timers and sockets run in real time), installed
// before the app starts so that the app's clock is this one. It moves when a test moves it.
beforeAll(async () => {
  process.env.WINDOW_CONTRIBUTIONS_MS = String(WINDOW_MS);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  app = await startInProcessApp();
});
afterAll(async () => {
  await app.close();
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the 24-hour count (a short window here)', () => {
  it(
    `counts down exactly across ${CONTRIBUTIONS} contributions leaving the window, without asking for a snapshot again`,
    { timeout: 30_000 },
    async () => {
      const slug = await createProject(app.redis);
      const ctx = {
        redis: app.redis,
        windows: { ...DEFAULT_WINDOWS, contributions: WINDOW_MS },
        now: () => Date.now(),
      };
      // Setting up takes no time on the clock however busy the machine is, and the clock moves on
      // by 25 ms only once 25 ms have passed for real, so the instance's timers are never behind it.
      const times: number[] = [];
      // Spread over about a second, so they leave one after another, not all at once.
      for (let sent = 0; sent < CONTRIBUTIONS; sent += 20) {
        const recorded = await Promise.all(
          Array.from({ length: 20 }, (_, i) => recordContribution(slug, { name: `Aging ${sent + i}`, amount: 1 }, ctx)),
        );
        times.push(...recorded.map((contribution) => contribution.at));
        vi.setSystemTime(Date.now() + 30);
      }
      // Redis expires keys on its own clock, which runs faster than this test's on a busy machine:
      // the project's keys are kept, so that only the test's clock ages the times.
      for (const key of await keysMatching(app.redis, `{project:${slug}}:*`)) await app.redis.persist(key);
      const reads = snapshotReadsOf(app.redis, slug);
      const pages = Array.from({ length: PAGES }, () => openLivePage(app.url, slug));
      const [page] = pages as [LivePage];
      try {
        await expect.poll(() => pages.every((each) => each.state() !== null)).toBe(true);
        expect(
          pages.every(
            (each) =>
              !each.state()!.counters.contributions!.expiringComplete ||
              each.state()!.counters.contributions!.expiring.length > SNAPSHOT_LIMITS.expiring,
          ),
        ).toBe(true);
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
          // Never on to an instant a page could not count: the instance's next times come first
          // (later on a busy machine; the clock waits for them). A page that ran out would ask again.
          await expect.poll(() => pages.every((each) => !viewAt(each.state()!, now + 25).needsResync)).toBe(true);
          vi.setSystemTime(now + 25);
        }
        expect(samples).toBeGreaterThan(100);
        expect(mismatches).toEqual([]);
        expect(pages.map((each) => each.watches)).toEqual(pages.map(() => 1));
        expect(viewAt(page.state()!, Date.now()).contributionCount).toBe(0);
        // The pages' first snapshot, then the instance's read of the next times: not one per page.
        expect(reads.count()).toBeLessThanOrEqual(3);
      } finally {
        reads.stop();
        pages.forEach((each) => each.close());
      }
    },
  );

  it(
    `pushes the oldest times to pages holding every one once a project passes ${EXPIRING_PUSH.times} in the window: a page's list stays bounded`,
    { timeout: 30_000 },
    async () => {
      const slug = await createProject(app.redis);
      const ctx = {
        redis: app.redis,
        windows: { ...DEFAULT_WINDOWS, contributions: WINDOW_MS },
        now: () => Date.now(),
      };
      // The clock stands still: every contribution stays in the 4 s window however long a busy
      // machine takes to record them, so the project passes the mark whatever the load.
      const page = openLivePage(app.url, slug);
      try {
        await expect.poll(() => page.state()?.counters.contributions?.expiringComplete).toBe(true);
        const times: number[] = [];
        for (let sent = 0; sent < EXPIRING_PUSH.times + 200; sent += 100) {
          const recorded = await Promise.all(
            Array.from({ length: 100 }, (_, i) =>
              recordContribution(slug, { name: `Hot ${sent + i}`, amount: 1 }, ctx),
            ),
          );
          times.push(...recorded.map((contribution) => contribution.at));
        }
        const version = Number(await app.redis.hget(liveEventKeys(slug).info, 'version'));
        await expect.poll(() => page.state()!.version).toBe(version);
        await expect.poll(() => page.state()!.counters.contributions!.expiringComplete).toBe(false);
        const now = Date.now();
        expect(page.state()!.counters.contributions!.expiring.length).toBeLessThanOrEqual(EXPIRING_PUSH.times);
        expect(viewAt(page.state()!, now).contributionCount).toBe(times.filter((at) => at > now - WINDOW_MS).length);
        expect(page.watches).toBeLessThanOrEqual(1 + page.resumes);
      } finally {
        page.close();
      }
    },
  );
});
