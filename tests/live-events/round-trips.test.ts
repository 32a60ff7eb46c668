import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelContribution,
  heartbeatVisitors,
  importEvents,
  joinProject,
  leaveProject,
  publishNews,
  readLiveSnapshot,
  recordContribution,
  unpublishNews,
} from '../../lib/live-events';
import type { LiveEventsContext } from '../../lib/live-events';
import { readActivity } from '../../lib/live-events/activity';
import { TIMELINE_SLACK } from '../../lib/timeline/config';
import { pushEntry, pushId, readPage } from '../../lib/timeline/timeline';
import { recordView } from '../../lib/visitors/recently-viewed';
import { MINUTE } from '../../lib/live-events/windows';
import {
  connect,
  createProject,
  listenToChanges,
  liveContext,
  testClock,
  commandsSentBy,
  type ChangeListener,
} from '../support';

let redis: RedisClient;
let ctx: LiveEventsContext;
let slug: string;
let changes: ChangeListener;
const clock = testClock();
const at = clock.now();
const timeline = { list: '{round-trips}:timeline', seqHash: '{round-trips}:timeline-seq', seqField: 'seq' };
const limits = { cap: 5, slack: TIMELINE_SLACK, ttlMs: 60_000 };

beforeAll(async () => {
  redis = await connect();
  ctx = liveContext(redis, clock);
  // ioredis sends a script's body (EVAL) the first time it runs on a connection, EVALSHA after.
  const warmUp = await createProject(redis);
  await recordContribution(warmUp, { id: 'w', name: 'Warm', amount: 1 }, ctx);
  await cancelContribution(warmUp, 'w', ctx);
  await publishNews(warmUp, { id: 'w', title: 'Warm', url: 'https://example.com/' }, ctx);
  await unpublishNews(warmUp, 'w', ctx);
  await importEvents(warmUp, [{ kind: 'news', id: 'w', title: 'Warm', url: 'https://example.com/', at }], ctx);
  await joinProject(warmUp, { visitorId: 'visitor-w', tabId: 'tab-1' }, ctx);
  await leaveProject(warmUp, { visitorId: 'visitor-w', tabId: 'tab-1' }, ctx);
  await heartbeatVisitors(warmUp, [{ visitorId: 'visitor-w', tabId: 'tab-1' }], ctx);
  await readLiveSnapshot(warmUp, ctx);
  await readActivity(warmUp, {}, ctx);
  await pushEntry(redis, timeline, ['warm'], limits);
  await readPage(redis, timeline, { limit: 10 }, ([seq]) => ({ seq }));
  await pushId(redis, `${timeline.list}:ids`, 'warm', limits);
  await recordView('visitor-warm', warmUp, redis);
  slug = await createProject(redis, 500);
  changes = await listenToChanges(redis, slug);
});
afterAll(async () => {
  await changes.close();
  await redis.quit();
});

describe('every live-event operation is one EVALSHA and each write publishes one change, versioned in order', () => {
  it('recordContribution', async () => {
    const sent = await commandsSentBy(redis, () =>
      recordContribution(slug, { id: 'c1', name: 'Ada', amount: 20 }, ctx),
    );
    expect(sent).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([
      {
        type: 'contribution-recorded',
        slug,
        version: 1,
        contribution: { id: 'c1', name: 'Ada', amount: 20, at },
        count: 1,
        raised: 520,
        backers: 1,
        activity: { seq: 1, kind: 'contribution', id: 'c1', name: 'Ada', amount: 20, at },
      },
    ]);
  });

  it('recordContribution of a repeated id publishes nothing', async () => {
    const sent = await commandsSentBy(redis, () =>
      recordContribution(slug, { id: 'c1', name: 'Ada', amount: 20 }, ctx),
    );
    expect(sent).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([]);
  });

  it('cancelContribution', async () => {
    expect(await commandsSentBy(redis, () => cancelContribution(slug, 'c1', ctx))).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([
      {
        type: 'contribution-cancelled',
        slug,
        version: 2,
        id: 'c1',
        at,
        counted: true,
        count: 0,
        raised: 500,
        backers: 0,
        activitySeq: 1,
      },
    ]);
  });

  it('publishNews', async () => {
    const news = { id: 'n1', title: 'Stretch goal reached', url: 'https://example.com/n1' };
    expect(await commandsSentBy(redis, () => publishNews(slug, news, ctx))).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([
      {
        type: 'news-published',
        slug,
        version: 3,
        news: { ...news, at },
        activity: { seq: 3, kind: 'news', ...news, at },
      },
    ]);
  });

  it('unpublishNews', async () => {
    expect(await commandsSentBy(redis, () => unpublishNews(slug, 'n1', ctx))).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([
      { type: 'news-unpublished', slug, version: 4, id: 'n1', activitySeq: 3 },
    ]);
  });

  it('importEvents', async () => {
    const events = [
      { kind: 'contribution' as const, id: 'i1', name: 'Lin', amount: 7, at: at - 10 * MINUTE },
      { kind: 'news' as const, id: 'i2', title: 'Old news', url: 'https://example.com/i2', at: at - 20 * MINUTE },
    ];
    expect(await commandsSentBy(redis, () => importEvents(slug, events, ctx))).toEqual(['evalsha']);
    // Each imported feed entry takes a version (5, 6): pages see the gap and resync, as an import asks.
    expect(await changes.takeChanges()).toEqual([{ type: 'events-imported', slug, version: 7 }]);
    expect((await readLiveSnapshot(slug, ctx)).version).toBe(7);
  });

  it('joinProject', async () => {
    expect(
      await commandsSentBy(redis, () => joinProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx)),
    ).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([{ type: 'visitors-changed', slug, count: 1 }]);
  });

  it('leaveProject', async () => {
    clock.advance(MINUTE / 60); // past the gap between two visitor counts (presence.lua)
    expect(
      await commandsSentBy(redis, () => leaveProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx)),
    ).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([{ type: 'visitors-changed', slug, count: 0 }]);
  });

  it('heartbeatVisitors', async () => {
    clock.advance(MINUTE / 60);
    const tabs = [
      { visitorId: 'visitor-2', tabId: 'tab-1' },
      { visitorId: 'visitor-3', tabId: 'tab-1' },
      { visitorId: 'visitor-3', tabId: 'tab-2' },
    ];
    expect(await commandsSentBy(redis, () => heartbeatVisitors(slug, tabs, ctx))).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([{ type: 'visitors-changed', slug, count: 2 }]);
  });

  it('readLiveSnapshot, which publishes nothing', async () => {
    expect(await commandsSentBy(redis, () => readLiveSnapshot(slug, ctx))).toEqual(['evalsha']);
    expect(await changes.takeChanges()).toEqual([]);
  });
});

describe('a timeline push or read is one EVALSHA too', () => {
  // Push 30 so that the timeline trims on the way: a push that trims is still one command.
  it('pushEntry, with the trim amortized', async () => {
    for (let i = 0; i < 30; i++)
      expect(await commandsSentBy(redis, () => pushEntry(redis, timeline, ['entry', i], limits))).toEqual(['evalsha']);
    expect(await redis.llen(timeline.list)).toBeLessThan(limits.cap + limits.slack);
  });

  it('pushId (the normalized variant) and recording a recently viewed project', async () => {
    expect(await commandsSentBy(redis, () => pushId(redis, `${timeline.list}:ids`, 'a', limits))).toEqual(['evalsha']);
    expect(await commandsSentBy(redis, () => recordView('visitor-1', slug, redis))).toEqual(['evalsha']);
  });

  it('readPage and readActivity (reads)', async () => {
    expect(
      await commandsSentBy(redis, () => readPage(redis, timeline, { limit: 10, before: 20 }, ([seq]) => ({ seq }))),
    ).toEqual(['evalsha']);
    expect(await commandsSentBy(redis, () => readActivity(slug, { limit: 10 }, ctx))).toEqual(['evalsha']);
  });
});
