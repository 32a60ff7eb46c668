import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSnapshot } from '../../lib/live-events';
import { applyChange, stateFromSnapshot, viewAt, type LiveState } from '../../lib/live-events/client-state';
import { recordEvent } from '../../lib/live-events/record-event';
import { detailsKey, kindKey } from '../../lib/live-events/keys';
import { HOUR, KINDS, MINUTE, windowsOf, type KindDescriptor } from '../../lib/live-events/kinds';
import { liveChangeSchema } from '../../lib/live-events/schemas';
import { windowsFromEnv } from '../../lib/live-events/windows';
import type { KindPart } from '../../lib/live-events/snapshot';
import type { ExpiringTimes, LiveSnapshot } from '../../lib/live-events/types';
import { keepExpiringTimes } from '../../lib/realtime/expiry-keeper';
import type { RedisClient } from '../../lib/redis/client';
import { commandsSentBy, connect, createProject, listenToChanges, testClock } from '../support';

// "Comments in the last hour" and "the last ten minutes' commenters": two kinds declared here
// alone, one write feeding both (as a contribution feeds contributions and contributors).
const comments = {
  name: 'comments',
  shape: 'counter',
  windowMs: HOUR,
  env: 'WINDOW_COMMENTS_MS',
  carries: {},
  details: 'comment-details',
  snapshotLimit: 50,
} as const satisfies KindDescriptor;
const commenters = {
  name: 'commenters',
  shape: 'list',
  windowMs: 10 * MINUTE,
  env: 'WINDOW_COMMENTERS_MS',
  carries: { text: 'string' },
  details: 'comment-details',
  snapshotLimit: 5,
} as const satisfies KindDescriptor;
const kinds = [...KINDS, comments, commenters];
const fed = [comments, commenters];
/** A registered kind's part of a snapshot (LiveSnapshot types the built-in kinds only). */
const partOf = (snapshot: LiveSnapshot, kind: KindDescriptor) =>
  (snapshot as unknown as Record<string, KindPart>)[kind.name];

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('a kind declared by its descriptor alone', () => {
  it('is recorded, snapshotted, pushed, counted down by the browser model, and pruned', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = { redis, windows: windowsOf(kinds), now: clock.now, kinds };
    const changes = await listenToChanges(redis, slug);
    try {
      const start = clock.now();
      expect(await recordEvent(slug, fed, { id: 'm1', text: 'First!' }, ctx)).toEqual({
        id: 'm1',
        at: start,
        created: true,
      });
      const snapshot = await readLiveSnapshot(slug, ctx);
      clock.advance(5 * MINUTE);
      await recordEvent(slug, fed, { id: 'm2', text: 'Second' }, ctx);
      expect(await recordEvent(slug, fed, { id: 'm2', text: 'Again' }, ctx)).toMatchObject({
        created: false,
        at: start + 5 * MINUTE,
      });

      // Recorded: one sorted set per kind, the details once.
      expect(await redis.zrange(kindKey(slug, comments), '0', '-1')).toEqual(['m1', 'm2']);
      expect(await redis.hget(detailsKey(slug, commenters), 'm1')).toBe('["First!"]');

      // Snapshotted: each kind's part follows from its shape; the built-in kinds are still there.
      expect(snapshot).toMatchObject({
        comments: { count: 1, expiring: [start], expiringComplete: true },
        commenters: [{ id: 'm1', text: 'First!', at: start }],
        contributions: { count: 0 },
        visitors: { count: 0 },
      });

      // Pushed: one versioned change per write, of a shape the socket contract accepts.
      const pushed = await changes.takeChanges();
      expect(pushed).toEqual([
        expect.objectContaining({
          type: 'event-recorded',
          kinds: ['comments', 'commenters'],
          counts: { comments: 1 },
          member: { id: 'm1', text: 'First!', at: start },
        }),
        expect.objectContaining({
          type: 'event-recorded',
          version: (pushed[0] as { version: number }).version + 1,
          counts: { comments: 2 },
        }),
      ]);
      for (const change of pushed) expect(liveChangeSchema.safeParse(change).success).toBe(true);

      // Expired and counted down by the browser's model, on the server's clock.
      let state: LiveState = stateFromSnapshot(snapshot, 0, kinds);
      state = applyChange(state, pushed[0]!) as LiveState; // already in the snapshot: ignored
      state = applyChange(state, pushed[1]!) as LiveState;
      const view = (at: number) => viewAt(state, at);
      expect(view(start + 5 * MINUTE)).toMatchObject({
        counts: { comments: 2 },
        lists: { commenters: [{ id: 'm2' }, { id: 'm1' }] },
      });
      expect(view(start + 10 * MINUTE).lists.commenters!.map((item) => item.id)).toEqual(['m2']);
      expect(view(start + HOUR).counts.comments).toBe(1);
      expect(view(start + HOUR + 5 * MINUTE)).toMatchObject({
        counts: { comments: 0 },
        lists: { commenters: [] },
        needsResync: false,
      });

      // Pruned by the next write once past the windows, details with them.
      clock.advance(2 * HOUR);
      await recordEvent(slug, fed, { id: 'm3', text: 'Later' }, ctx);
      expect(await redis.zrange(kindKey(slug, comments), '0', '-1')).toEqual(['m3']);
      expect(await redis.zrange(kindKey(slug, commenters), '0', '-1')).toEqual(['m3']);
      expect(await redis.hkeys(detailsKey(slug, comments))).toEqual(['m3']);
      expect(partOf(await readLiveSnapshot(slug, ctx), comments)).toEqual({
        count: 1,
        expiring: [clock.now()],
        expiringComplete: true,
      });
    } finally {
      await changes.close();
    }
  });

  it('is one round trip a write, and its window is set by its own variable', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = { redis, windows: windowsOf(kinds), now: clock.now, kinds };
    expect(await commandsSentBy(redis, () => recordEvent(slug, fed, { text: 'Hi' }, ctx))).toEqual(['evalsha']);
    expect(await commandsSentBy(redis, () => readLiveSnapshot(slug, ctx))).toEqual(['evalsha']);
    expect(windowsFromEnv({ WINDOW_COMMENTS_MS: '5000' } as unknown as NodeJS.ProcessEnv, fed)).toEqual({
      comments: 5_000,
      commenters: 10 * MINUTE,
    });
  });
});

describe("a counter kind's next times to count down", () => {
  it('are read and pushed by the instance before the pages run out, and taken by the browser model at its version', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = { redis, windows: windowsOf(kinds), now: clock.now, kinds };
    const start = clock.now();
    for (let i = 0; i < 60; i++) {
      await recordEvent(slug, [comments], { id: `c${i}` }, ctx);
      clock.advance(1_000);
    }
    // The snapshot holds the oldest 50 of the 60: the page would run out before the window ends.
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(partOf(snapshot, comments)).toMatchObject({ count: 60, expiringComplete: false });

    // The first of them leaves the window: the instance reads the next times at once.
    clock.set(start + HOUR);
    const pushed = new Promise<ExpiringTimes>((resolve) => {
      const keeper = keepExpiringTimes({
        refresh: (_slug, expiringLimit) => readLiveSnapshot(slug, ctx, expiringLimit),
        push: (_slug, times) => {
          keeper.close();
          resolve(times);
        },
        now: clock.now,
        counters: [comments],
      });
      keeper.track(slug);
      keeper.handedOut(slug, snapshot);
    });
    const times = await pushed;
    expect(times).toMatchObject({ type: 'expiring-times', kind: 'comments', count: 59, expiringComplete: true });
    expect(times.expiring).toHaveLength(59);

    let state: LiveState = stateFromSnapshot(snapshot, 0, kinds);
    state = applyChange(state, times) as LiveState;
    expect(state.counters.comments).toMatchObject({ count: 59, expiringComplete: true });
    expect(viewAt(state, start + HOUR + 58_500)).toMatchObject({ counts: { comments: 1 }, needsResync: false });
    expect(viewAt(state, start + HOUR + 59_000).counts.comments).toBe(0);
  });
});
