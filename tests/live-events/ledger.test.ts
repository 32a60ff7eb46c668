import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import { cancelContribution, importEvents, reconcileLedger, recordContribution } from '../../lib/live-events';
import { ledgerBackerId } from '../../lib/live-events/ledger';
import { projectKeys } from '../../lib/projects/keys';
import { HOUR } from '../../lib/live-events/windows';
import { getProject } from '../../lib/projects/catalogue';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { commandsSentBy, connect, liveContext, projectEnding, redisNow, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('the ledger: a pledge counts once for the life of the project', () => {
  it('answers an id re-sent after its 24 hours with the original pledge and counts nothing', async () => {
    const slug = await projectEnding(redis, undefined);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const first = await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);
    clock.advance(25 * HOUR);

    const replay = await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);

    expect(replay).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect((await getProject(slug, redis))?.raised).toBe(25);
  });

  it('refuses nothing new after the end: an id replayed once it left its window answers 200, not a new pledge', async () => {
    const endsAt = (await redisNow(redis)) + 1_000;
    const slug = await projectEnding(redis, endsAt);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const first = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);
    while ((await redisNow(redis)) < endsAt) await new Promise((resolve) => setTimeout(resolve, 50));
    clock.advance(25 * HOUR);

    const replay = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);
    const again = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);

    expect(replay).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect(again).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect((await getProject(slug, redis))?.raised).toBe(25);
  });
});

describe('cancelling a pledge', () => {
  it('marks it in the ledger and takes its amount and its backer off once, even after its window', async () => {
    const slug = await projectEnding(redis, undefined);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);
    await recordContribution(slug, { id: 'other', name: 'Grace', amount: 40 }, ctx);
    clock.advance(25 * HOUR);

    const cancelled = await cancelContribution(slug, 'kept', ctx);
    const second = await cancelContribution(slug, 'kept', ctx).catch((error: unknown) => error);
    const replay = await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);

    expect(cancelled).toMatchObject({ raised: 40, backers: 1 });
    expect(second).toBeInstanceOf(NotFoundError);
    expect(replay).toMatchObject({ created: false, amount: 25, cancelled: true, raised: 40 });
    expect(await reconcileLedger(slug, redis)).toEqual({
      raised: 40,
      backers: 1,
      ledger: { opening: 0, sum: 40, pledges: 1, backers: 1 },
      consistent: true,
    });
  });

  it('keeps a backer while one of their pledges stands', async () => {
    const slug = await projectEnding(redis, undefined);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'a1', name: 'Ada', amount: 5 }, ctx, 'visitor-ada-1');
    await recordContribution(slug, { id: 'a2', name: 'Ada L.', amount: 7 }, ctx, 'visitor-ada-1');

    expect(await cancelContribution(slug, 'a1', ctx)).toMatchObject({ raised: 7, backers: 1 });
    expect(await cancelContribution(slug, 'a2', ctx)).toMatchObject({ raised: 0, backers: 0 });
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      ledger: { sum: 0, pledges: 0, backers: 0 },
      consistent: true,
    });
  });
});

describe('reconcileLedger', () => {
  it('finds raised and backers equal to the ledger after pledges, repeats, imports and cancels, from an opening total', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug, 1_000), 0, redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    for (let i = 0; i < 30; i++)
      await recordContribution(slug, { id: `p${i % 20}`, name: `Backer ${i % 7}`, amount: 10 + i }, ctx);
    await importEvents(
      slug,
      [{ kind: 'contribution', id: 'past', name: 'Imported', amount: 100, at: clock.now() - HOUR }],
      ctx,
    );
    await importEvents(
      slug,
      [{ kind: 'contribution', id: 'p3', name: 'Imported', amount: 100, at: clock.now() - HOUR }],
      ctx,
    );
    await cancelContribution(slug, 'p4', ctx);

    const report = await reconcileLedger(slug, redis);

    // p0..p19 once each (10..29), minus p4 (14), plus the import, over the opening 1,000; no
    // visitor, so each pledge standing is its own backer (a name never makes one).
    const expected = 1_000 + (10 + 29) * 10 - 14 + 100;
    expect(report).toEqual({
      raised: expected,
      backers: 20,
      ledger: { opening: 1_000, sum: expected, pledges: 20, backers: 20 },
      consistent: true,
    });
  });

  it('counts imported pledges, each its own backer, once across a batch and across imports, as reconcile does', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug), 0, redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const pledge = (id: string) =>
      ({ kind: 'contribution', id, name: 'Ada', amount: 5, at: clock.now() - HOUR }) as const;
    await importEvents(slug, [pledge('i1'), pledge('i2'), pledge('i3'), pledge('i1')], ctx);
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      raised: 15,
      backers: 3,
      ledger: { pledges: 3, backers: 3 },
      consistent: true,
    });
    await importEvents(slug, [pledge('i4'), pledge('i3')], ctx);
    await cancelContribution(slug, 'i1', ctx);
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      raised: 15,
      backers: 3,
      ledger: { sum: 15, pledges: 3, backers: 3 },
      consistent: true,
    });
  });

  it('indexes each imported backer under the id ledger.ts computes, whatever digits its SHA-1 has', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug), 0, redis);
    const clock = testClock();
    const ids = Array.from({ length: 200 }, (_, i) => `imported-${i}`);
    await importEvents(
      slug,
      ids.map((id) => ({ kind: 'contribution', id, name: 'Ada', amount: 1, at: clock.now() - HOUR })),
      liveContext(redis, clock),
    );
    const indexed = Object.keys(await redis.hgetall(projectKeys.ledger(slug))).filter((field) => field.startsWith('~'));
    expect(indexed.toSorted()).toEqual(ids.map((id) => `~${ledgerBackerId(`o:${id}`)}`).toSorted());
  });

  it('tells a total that drifted from its ledger', async () => {
    const slug = await projectEnding(redis, undefined);
    await recordContribution(slug, { name: 'Ada', amount: 25 }, liveContext(redis, testClock()));
    await redis.hincrby(projectKeys.info(slug), 'raised', 1_000_000);

    expect(await reconcileLedger(slug, redis)).toMatchObject({
      raised: 1_000_025,
      ledger: { sum: 25 },
      consistent: false,
    });
  });

  it('keeps a small ledger and the backers a listpack, a pledge under 64 bytes', async () => {
    const slug = await projectEnding(redis, undefined);
    const ctx = liveContext(redis, testClock());
    for (let i = 0; i < 50; i++)
      await recordContribution(slug, { name: `Backer ${i}`, amount: 250 }, ctx, `visitor-${i}-abcdef`);

    expect(await redis.object('ENCODING', projectKeys.ledger(slug))).toBe('listpack');
    expect(await redis.object('ENCODING', projectKeys.backers(slug))).toBe('listpack');
  });

  it('keeps each backer once, as a 10-character id the reconciliation computes alike, in the ledger itself', async () => {
    const slug = await projectEnding(redis, undefined);
    const ctx = liveContext(redis, testClock());
    const visitor = 'a-visitor-id-of-twenty-two';
    await recordContribution(slug, { id: 'first', name: 'Ada', amount: 5 }, ctx, visitor);
    await recordContribution(slug, { id: 'second', name: 'Ada', amount: 6 }, ctx, visitor);
    await recordContribution(slug, { id: 'by-name', name: '李娜', amount: 7 }, ctx);
    await cancelContribution(slug, 'first', ctx);

    const stored = await redis.hgetall(projectKeys.ledger(slug));
    const ids = [ledgerBackerId(`v:${visitor}`), ledgerBackerId('o:by-name')];
    expect(ids.map((id) => id.length)).toEqual([10, 10]);
    expect(stored).toMatchObject({
      [`~${ids[0]}`]: '1',
      [`~${ids[1]}`]: '1',
      second: expect.stringMatching(new RegExp(`\\|${ids[0]}$`)),
    });
    expect(Object.keys(stored).filter((field) => field.startsWith('~'))).toHaveLength(2);
    expect(await redis.exists(projectKeys.legacyBackerPledges(slug))).toBe(0);
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      backers: 2,
      ledger: { pledges: 2, backers: 2 },
      consistent: true,
    });
  });
});

describe('a large ledger', () => {
  it('still takes a pledge, a repeat and a cancel in one EVALSHA each, and reconciles by pages', async () => {
    const slug = await projectEnding(redis, undefined);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'warm', name: 'Ada', amount: 1 }, ctx);
    // 5,000 pledges as the script writes them: the ledger leaves the listpack for a hashtable.
    const fields = Array.from({ length: 5_000 }, (_, i) => [`bulk-${i}`, `2|${ctx.now()}||0|v:bulk-${i}`]).flat();
    const backers = Array.from({ length: 5_000 }, (_, i) => [`~${ledgerBackerId(`v:bulk-${i}`)}`, '1']).flat();
    await redis.hset(projectKeys.ledger(slug), ...fields);
    await redis.hset(projectKeys.backers(slug), ...backers);
    await redis.hincrby(projectKeys.info(slug), 'raised', 10_000);
    await redis.hincrby(projectKeys.info(slug), 'backers', 5_000);
    expect(await redis.object('ENCODING', projectKeys.ledger(slug))).toBe('hashtable');

    expect(
      await commandsSentBy(redis, () => recordContribution(slug, { id: 'new', name: 'Grace', amount: 7 }, ctx)),
    ).toEqual(['evalsha']);
    expect(
      await commandsSentBy(redis, () => recordContribution(slug, { id: 'bulk-42', name: 'Grace', amount: 7 }, ctx)),
    ).toEqual(['evalsha']);
    expect(await commandsSentBy(redis, () => cancelContribution(slug, 'bulk-43', ctx))).toEqual(['evalsha']);
    expect(await reconcileLedger(slug, redis)).toEqual({
      raised: 1 + 10_000 + 7 - 2,
      backers: 5_001,
      ledger: { opening: 0, sum: 10_006, pledges: 5_001, backers: 5_001 },
      consistent: true,
    });
  });
});
