import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Folder } from '../../lib/folding/folder';
import { FoldingConfigError, foldingConfig, foldingConfigFromEnv } from '../../lib/folding/config';
import { metricEventSchema } from '../../lib/folding/metric-events';
import { HttpError } from '../../lib/http/errors';
import { parseInput } from '../../lib/http/body';
import { connect, keysMatching } from '../support';
import { SEED_EVENTS, testFolder } from './support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

const T0 = 1_700_000_000_000;

describe('folding the seed', () => {
  it("turns the seed's six events into exactly its two folded events", async () => {
    const folder = testFolder(redis);
    const answers = [];
    for (const [i, event] of SEED_EVENTS.entries()) answers.push(await folder.fold(event, T0 + i * 100));
    expect(answers).toEqual([false, true, true, true, false, true]);

    expect((await folder.claimDue(T0 + 999)).folds).toEqual([]); // nobody quiet for the window yet
    const { folds, nextDueAt } = await folder.claimDue(T0 + 500 + 1_000);
    // The two accounts live in different shards of the folder: claimed together, in no set order.
    expect(
      folds
        .map(({ group, fields, events }) => ({ group, fields, events }))
        .toSorted((x, y) => x.group.localeCompare(y.group)),
    ).toEqual([
      { group: 'account_1', fields: ['comments', 'impressions', 'likes', 'shares'], events: 4 },
      { group: 'account_2', fields: ['likes', 'shares'], events: 2 },
    ]);
    expect(nextDueAt).toBe(T0 + 1_500 + 5_000); // only the leases remain
    for (const [i, fold] of folds.toSorted((x, y) => x.group.localeCompare(y.group)).entries()) {
      expect(await folder.ack(fold.key, T0 + 1_600 + i)).toBe(true);
    }

    const published = await folder.published(10);
    expect(published.map((fold) => [fold.group, fold.fields])).toEqual([
      ['account_2', ['likes', 'shares']],
      ['account_1', ['comments', 'impressions', 'likes', 'shares']],
    ]);
    const { stats } = await folder.state();
    expect(stats).toMatchObject({ events: 6, newGroups: 2, folded: 4, pending: 0, claimed: 0, published: 2 });
    expect((await folder.claimDue(T0 + 60_000)).folds).toEqual([]);
  });

  it('counts as the seed does, fake new included: F_R = Count(ZADD==0) / (N_total − Count(ZADD==1))', async () => {
    // The seed's scripted sequence: post_1..3 fold, account_1 is published, post_4 comes right
    // after ("fake new"), account_2 is new, is published, and post_6 comes right after (fake new).
    const folder = testFolder(redis);
    const same = (id: string, account: string) => ({ id, account_id: account, metrics: { likes: 1, shares: 1 } });
    expect(await folder.fold(same('post_1', 'account_1'), T0)).toBe(false);
    expect(await folder.fold(same('post_2', 'account_1'), T0 + 10)).toBe(true);
    expect(await folder.fold(same('post_3', 'account_1'), T0 + 20)).toBe(true);
    const first = await folder.claimDue(T0 + 1_020);
    expect(first.folds.map((fold) => fold.group)).toEqual(['account_1']);
    await folder.ack(first.folds[0]!.key, T0 + 1_021);
    expect(await folder.fold(same('post_4', 'account_1'), T0 + 1_030)).toBe(false); // fake new
    expect(await folder.fold(same('post_5', 'account_2'), T0 + 1_040)).toBe(false); // new
    const second = await folder.claimDue(T0 + 2_040);
    expect(second.folds.map((fold) => fold.group).sort()).toEqual(['account_1', 'account_2']);
    expect(await folder.fold(same('post_6', 'account_2'), T0 + 2_050)).toBe(false); // fake new

    const { stats } = await folder.state();
    const [total, zaddOne, zaddZero] = [6, 4, 2];
    expect(stats).toMatchObject({ events: total, newGroups: zaddOne, folded: zaddZero, fakeNew: 2 });
    expect(stats.exactRatio).toBe(zaddZero / (total - zaddOne));
    expect(stats.ratio).toBe(zaddZero / total);
    expect(stats.adjustedRatio).toBe((zaddZero + 2) / total);
    // A group flushed longer than a window ago is really new.
    expect(await folder.fold(same('post_7', 'account_1'), T0 + 2_040 + 1_001)).toBe(false);
    expect((await folder.state()).stats).toMatchObject({ newGroups: 5, fakeNew: 2 });
  });
});

describe('what the seed left open', () => {
  it('a stream that never pauses is still flushed at the maximum wait', async () => {
    const folder = testFolder(redis, { windowMs: 1_000, maxWaitMs: 3_000 });
    const published: string[][] = [];
    for (let t = 0; t <= 7_000; t += 100) {
      await folder.fold({ id: `p${t}`, account_id: 'busy', metrics: { [`m${Math.floor(t / 1_000)}`]: t } }, T0 + t);
      const { folds } = await folder.claimDue(T0 + t);
      for (const fold of folds) {
        expect(fold.dueAt).toBe(fold.firstAt + 3_000);
        await folder.ack(fold.key, T0 + t);
        published.push(fold.fields as string[]);
      }
    }
    expect(published).toEqual([
      ['m0', 'm1', 'm2', 'm3'],
      ['m3', 'm4', 'm5', 'm6'],
    ]);
  });

  it('a poller killed after claiming loses nothing: the fold comes back, same key, after its lease', async () => {
    const folder = testFolder(redis, { leaseMs: 5_000 });
    await folder.fold(SEED_EVENTS[0]!, T0);
    const claimed = (await folder.claimDue(T0 + 1_000)).folds; // this poller then dies: no ack
    expect(claimed).toHaveLength(1);
    expect((await folder.claimDue(T0 + 5_999)).folds).toEqual([]); // its lease still holds
    const again = await folder.claimDue(T0 + 6_000);
    expect(again.folds).toEqual([{ ...claimed[0], deliveries: 2 }]);
    expect(await folder.ack(claimed[0]!.key, T0 + 6_001)).toBe(true);
    expect(await folder.ack(claimed[0]!.key, T0 + 6_002)).toBe(false); // a late ack publishes nothing
    expect((await folder.state()).stats).toMatchObject({ published: 1, redelivered: 1, claimed: 0 });
  });

  it('events arriving while their group is claimed start a new fold: nothing is lost', async () => {
    const folder = testFolder(redis);
    await folder.fold({ id: 'a', account_id: 'acc', metrics: { likes: 1 } }, T0);
    const [claimed] = (await folder.claimDue(T0 + 1_000)).folds;
    expect(await folder.fold({ id: 'b', account_id: 'acc', metrics: { shares: 1 } }, T0 + 1_001)).toBe(false);
    await folder.ack(claimed!.key, T0 + 1_002);
    const [next] = (await folder.claimDue(T0 + 2_001)).folds;
    expect([claimed!.fields, next!.fields]).toEqual([['likes'], ['shares']]);
    expect(next!.key).not.toBe(claimed!.key);
  });

  it('latest and sum folds carry every digit Redis stored (no 14-digit Lua numbers)', async () => {
    for (const merge of ['latest', 'sum'] as const) {
      const base = testFolder(redis);
      const folder = new Folder({ ...base.spec, merge }, base.config, redis);
      await folder.fold(
        { id: 'p1', account_id: 'a1', metrics: { likes: 123456789012345.67, shares: 2 ** 52 + 1 } },
        T0,
      );
      const { folds } = await folder.claimDue(T0 + 2_000);
      expect(folds[0]!.fields).toEqual({ likes: 123456789012345.67, shares: 2 ** 52 + 1 });
      await folder.ack(folds[0]!.key, T0 + 2_001);
      expect((await folder.published(1))[0]!.fields).toEqual({ likes: 123456789012345.67, shares: 2 ** 52 + 1 });
    }
  });

  it('leaves no pending keys behind and gives published folds a TTL', async () => {
    const folder = testFolder(redis);
    await folder.fold(SEED_EVENTS[0]!, T0);
    const [fold] = (await folder.claimDue(T0 + 1_000)).folds;
    await folder.ack(fold!.key, T0 + 1_000);
    const shard = folder.keysOf(fold!.group);
    const keys = await keysMatching(redis, `${shard.prefix}*`);
    const left = keys.map((key) => key.slice(shard.prefix.length)).sort();
    expect(left).toEqual(['counters', `fold:${fold!.key}`, 'published', 'recently-claimed']);
    expect(await redis.pttl(shard.fold(fold!.key))).toBeGreaterThan(0);
    expect(await redis.pttl(shard.published)).toBeGreaterThan(0);
  });
});

describe('input and configuration', () => {
  it('bad events are a 400 naming the field, and nothing is counted', async () => {
    const folder = testFolder(redis);
    const bad: [unknown, string][] = [
      [{ account_id: 'a', metrics: { likes: 1 } }, 'id'],
      [{ id: '', account_id: 'a', metrics: { likes: 1 } }, 'id'],
      [{ id: 'p', account_id: 'a{b}', metrics: { likes: 1 } }, 'account_id'],
      [{ id: 'p', account_id: 'x'.repeat(65), metrics: { likes: 1 } }, 'account_id'],
      [{ id: 'p', account_id: 'a', metrics: {} }, 'metrics'],
      [{ id: 'p', account_id: 'a', metrics: { likes: 'ten' } }, 'metrics.likes'],
      [{ id: 'p', account_id: 'a', metrics: { 'bad name': 1 } }, 'metrics.bad name'],
      [
        { id: 'p', account_id: 'a', metrics: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`m${i}`, i])) },
        'metrics',
      ],
    ];
    for (const [input, field] of bad) {
      let error: unknown;
      try {
        await folder.fold(parseInput(metricEventSchema, input), T0);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(input)).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, field });
    }
    expect((await folder.state()).stats.events).toBe(0);
  });

  it('refuses a maximum wait not greater than the window, at start', () => {
    expect(() => foldingConfig({ windowMs: 5_000, maxWaitMs: 5_000 })).toThrow(FoldingConfigError);
    expect(() => foldingConfigFromEnv({ FOLD_WINDOW_MS: '5000', FOLD_MAX_WAIT_MS: '4000' })).toThrow(
      /FOLD_MAX_WAIT_MS \(4000\) must be greater than FOLD_WINDOW_MS \(5000\)/,
    );
    expect(foldingConfigFromEnv({})).toMatchObject({ windowMs: 5_000, maxWaitMs: 60_000 });
  });
});
