import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emitProjectMetrics, refreshCreatorTotals } from '../../lib/creators/creator-totals-fold';
import { projectWriteContext } from '../../lib/creators/project-writes';
import { creatorKeys } from '../../lib/creators/keys';
import { computeCreatorTotals, readCreatorTotals } from '../../lib/creators/totals';
import { readCards } from '../../lib/projects/catalogue';
import { metricFolder } from '../../lib/folding/metric-events';
import { readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { inWindow } from '../../lib/live-events/kinds';
import { liveEventKeys } from '../../lib/live-events/keys';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { saveProject } from '../../lib/projects/save';
import { createRedis } from '../../lib/redis/client';
import { commandsSentBy, connect, liveContext, testClock, uniqueSlug } from '../support';
import { sampleProject } from '../sample-project';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

it("contributions to two projects fold into one refresh of their creator's totals", async () => {
  const clock = testClock();
  // The app's write context: each contribution is followed by its creator's metric event.
  const ctx = projectWriteContext(liveContext(redis, clock));
  const account = `account_${uniqueSlug()}`;
  const slugs = [uniqueSlug(), uniqueSlug()];
  for (const slug of slugs) await saveProject({ ...sampleProject(slug, 100), creatorAccount: account }, 0, redis);
  for (const [i, slug] of [...slugs, slugs[0]!].entries()) {
    await recordContribution(slug, { name: `Backer ${i}`, amount: 10 }, ctx);
  }

  const folder = metricFolder(redis);
  clock.advance(folder.config.windowMs);
  const folds = (await folder.claimDue(clock.now())).folds.filter((fold) => fold.group === account);
  expect(folds).toMatchObject([{ group: account, events: 3, fields: ['contributions', 'raised'] }]);
  await refreshCreatorTotals(redis, DEFAULT_WINDOWS.contributions, clock.now)(folds[0]!);
  await folder.ack(folds[0]!.key, clock.now());

  expect(await readCreatorTotals(redis, account)).toMatchObject({
    account,
    raisedByCurrency: [{ currency: 'EUR', raised: 230 }],
    contributions: 3,
    foldKey: folds[0]!.key,
    projects: expect.arrayContaining([
      expect.objectContaining({ slug: slugs[1], raised: 110, currency: 'EUR', contributions: 1 }),
    ]),
  });
  // The fold copied the projects' totals onto their catalogue cards.
  expect((await readCards(slugs, redis)).map((project) => project.raised)).toEqual([120, 110]);
});

it("a creator's money is summed per currency, never euros and dollars added up; totals saved before currencies read as euros", async () => {
  const account = `account_${uniqueSlug()}`;
  const [euros, moreEuros, dollars] = [uniqueSlug(), uniqueSlug(), uniqueSlug()];
  await saveProject({ ...sampleProject(euros, 100), creatorAccount: account }, 0, redis);
  await saveProject({ ...sampleProject(moreEuros, 50), creatorAccount: account }, 0, redis);
  await saveProject({ ...sampleProject(dollars, 400), currency: 'USD', creatorAccount: account }, 0, redis);

  const totals = await computeCreatorTotals(redis, account, { now: Date.now(), contributionsWindowMs: 1 });

  expect(totals!.raisedByCurrency).toEqual([
    { currency: 'USD', raised: 400 },
    { currency: 'EUR', raised: 150 },
  ]);
  expect(totals!.projects.find((project) => project.slug === dollars)).toMatchObject({ raised: 400, currency: 'USD' });
  expect(totals).not.toHaveProperty('raised');

  // As an earlier version saved them: one sum, projects without a currency.
  const old = {
    ...totals!,
    raisedByCurrency: undefined,
    raised: 150,
    projects: totals!.projects
      .filter((project) => project.currency === 'EUR')
      .map((project) => ({ ...project, currency: undefined })),
  };
  await redis.hset(creatorKeys.totals, account, JSON.stringify(old));
  expect(await readCreatorTotals(redis, account)).toMatchObject({
    raisedByCurrency: [{ currency: 'EUR', raised: 150 }],
    projects: [{ currency: 'EUR' }, { currency: 'EUR' }],
  });
  expect(await readCreatorTotals(redis, account)).not.toHaveProperty('raised');
});

it("a creator's totals read only that creator's projects: the same commands however large the catalogue", async () => {
  const account = `account_${uniqueSlug()}`;
  const slugs = [uniqueSlug(), uniqueSlug()];
  for (const slug of slugs) await saveProject({ ...sampleProject(slug, 100), creatorAccount: account }, 0, redis);
  const compute = () =>
    computeCreatorTotals(redis, account, { now: Date.now(), contributionsWindowMs: DEFAULT_WINDOWS.contributions });
  const before = await commandsSentBy(redis, compute);
  for (let i = 0; i < 50; i++) await saveProject(sampleProject(uniqueSlug()), 0, redis);

  const after = await commandsSentBy(redis, compute);

  expect(before.toSorted()).toEqual(['hmget', 'hmget', 'smembers', 'zcount', 'zcount']);
  expect(after).toEqual(before);
  expect(
    await computeCreatorTotals(redis, `nobody_${uniqueSlug()}`, { now: Date.now(), contributionsWindowMs: 1 }),
  ).toBeNull();
});

it('a failed emission is logged, never thrown: the contribution stands', async () => {
  const down = createRedis('redis://127.0.0.1:1');
  try {
    await expect(emitProjectMetrics('any-project', { raised: 1 }, { redis: down })).resolves.toBeUndefined();
  } finally {
    down.disconnect();
  }
});

it("counts a contribution exactly one window old out, as the project's own snapshot and inWindow do", async () => {
  const clock = testClock();
  const account = `account_${uniqueSlug()}`;
  const slug = uniqueSlug();
  await saveProject({ ...sampleProject(slug, 100), creatorAccount: account }, 0, redis);
  const window = DEFAULT_WINDOWS.contributions;
  const edge = clock.now() - window;
  await redis.zadd(liveEventKeys(slug).contributions, edge, 'on-the-edge', edge + 1, 'inside');

  const totals = await computeCreatorTotals(redis, account, { now: clock.now(), contributionsWindowMs: window });
  const snapshot = await readLiveSnapshot(slug, liveContext(redis, clock));

  expect([inWindow(edge, window, clock.now()), inWindow(edge + 1, window, clock.now())]).toEqual([false, true]);
  expect(totals!.contributions).toBe(1);
  expect(snapshot.contributions.count).toBe(1);
});
