import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinProject, readLiveSnapshot, settleVisitors } from '../../lib/live-events';
import { VISITORS_SETTLE_DELAY_MS } from '../../lib/live-events/presence';
import { visitorSettler } from '../../lib/realtime/visitor-settler';
import { connect, createProject, listenToChanges, liveContext, testClock } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const visitorCounts = (changes: { type: string; count?: number }[]) =>
  changes.filter((change) => change.type === 'visitors-changed').map((change) => change.count);

describe('viewer counts are coalesced in Redis: at most 4 publishes a second per project, the last count never lost', () => {
  it('1,000 joins in one second publish 4 counts; the settle that follows publishes the final one', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const pending: string[] = [];
    const ctx = { ...liveContext(redis, clock), onVisitorsPending: (project: string) => void pending.push(project) };
    const changes = await listenToChanges(redis, slug);

    for (let join = 0; join < 1_000; join++) {
      await joinProject(slug, { visitorId: `visitor-${join}`, tabId: 'tab' }, ctx);
      clock.advance(1);
    }

    const burst = visitorCounts(await changes.takeChanges());
    expect(burst).toHaveLength(4);
    expect(burst[0]).toBe(1);
    // The last join was held back: the writer is told, and settles a moment later.
    expect(pending.at(-1)).toBe(slug);
    clock.advance(VISITORS_SETTLE_DELAY_MS);
    expect(await settleVisitors(slug, ctx)).toBe(1_000);
    expect(visitorCounts(await changes.takeChanges())).toEqual([1_000]);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1_000);
    // Settled: another settle publishes nothing.
    clock.advance(VISITORS_SETTLE_DELAY_MS);
    await settleVisitors(slug, ctx);
    expect(await changes.takeChanges()).toEqual([]);
    await changes.close();
  });

  it('an instance settles a held-back count by itself when nothing else happens (visitorSettler, as live-project-socket.ts wires it)', async () => {
    const slug = await createProject(redis);
    const base = liveContext(redis, { now: Date.now, advance: () => undefined, set: () => undefined });
    const settler = visitorSettler(base);
    const ctx = { ...base, onVisitorsPending: (project: string) => settler.pending(project) };
    const changes = await listenToChanges(redis, slug);
    const seen: (number | undefined)[] = [];

    await Promise.all(
      Array.from({ length: 50 }, (_, join) => joinProject(slug, { visitorId: `visitor-${join}`, tabId: 'tab' }, ctx)),
    );

    await vi.waitFor(
      async () => {
        seen.push(...visitorCounts(await changes.takeChanges()));
        expect(seen.at(-1)).toBe(50);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(seen.length).toBeLessThan(50);
    settler.close();
    await changes.close();
  });
});
