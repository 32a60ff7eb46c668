import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignEndedError } from '../../lib/errors';
import { importEvents, readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { snapshotAt } from '../../lib/live-events/aged-snapshot';
import { projectKeys } from '../../lib/projects/keys';
import { getProject } from '../../lib/projects/catalogue';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { connect, liveContext, projectEnding, redisNow, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** Every key of the project with its value as DUMP gives it: what "nothing written" compares. */
const dumpAll = async (slug: string) => {
  const keys = [...Object.values(liveEventKeys(slug)), projectKeys.backers(slug)];
  return Promise.all(keys.map((key) => redis.dumpBuffer(key)));
};

describe('a campaign that ends', () => {
  it('refuses a contribution once Redis’ clock reaches the end, whatever the instance’s clock says, and writes nothing', async () => {
    const slug = await projectEnding(redis, (await redisNow(redis)) - 1);
    // The instance's clock lags an hour behind: the end is still Redis' to decide.
    const ctx = liveContext(redis, testClock(Date.now() - 3_600_000));
    const before = await dumpAll(slug);

    const refused = await recordContribution(slug, { name: 'Ada', amount: 25 }, ctx).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(CampaignEndedError);
    expect(await dumpAll(slug)).toEqual(before);
    expect((await getProject(slug, redis))?.raised).toBe(0);
  });

  it('takes a contribution before the end, and answers its retry after the end as a repeat', async () => {
    const endsAt = (await redisNow(redis)) + 1_000;
    const slug = await projectEnding(redis, endsAt);
    const ctx = liveContext(redis, testClock());
    const recorded = await recordContribution(slug, { id: 'before-end', name: 'Ada', amount: 25 }, ctx);
    // Waits on Redis' clock itself (an event, not a sleep of a guessed length).
    while ((await redisNow(redis)) < endsAt) await new Promise((resolve) => setTimeout(resolve, 50));

    const retry = await recordContribution(slug, { id: 'before-end', name: 'Ada', amount: 25 }, ctx);
    const late = await recordContribution(slug, { id: 'after-end', name: 'Grace', amount: 25 }, ctx).catch(
      (error: unknown) => error,
    );

    expect(recorded.created).toBe(true);
    expect(retry).toMatchObject({ created: false, at: recorded.at, raised: 25 });
    expect(late).toBeInstanceOf(CampaignEndedError);
    expect((late as CampaignEndedError).endedAt).toBe(endsAt);
  });

  it('keeps the end with the project, and a save without one reopens it', async () => {
    const slug = await projectEnding(redis, 1_000);
    expect((await getProject(slug, redis))?.endsAt).toBe(1_000);
    await saveProject(sampleProject(slug), 0, redis);
    expect((await getProject(slug, redis))?.endsAt).toBeUndefined();
    await expect(
      recordContribution(slug, { name: 'Ada', amount: 5 }, liveContext(redis, testClock())),
    ).resolves.toMatchObject({ created: true });
  });
});

describe('backers', () => {
  it('counts each person once, all time, in the same write, and pushes the count with the change', async () => {
    const slug = await projectEnding(redis, undefined);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { name: 'Ada', amount: 5 }, ctx, 'visitor-aaaa');
    await recordContribution(slug, { name: 'Ada again', amount: 5 }, ctx, 'visitor-aaaa');
    // Without a visitor a name never makes a backer: each such pledge is one of its own.
    await recordContribution(slug, { name: 'Grace', amount: 5 }, ctx);
    await recordContribution(slug, { name: 'Grace', amount: 5 }, ctx);
    // Long after every window: the backers stay.
    clock.advance(40 * 24 * 3_600_000);
    await recordContribution(slug, { name: 'Linus', amount: 5 }, ctx, 'visitor-bbbb');

    expect((await readLiveSnapshot(slug, ctx)).backers).toBe(4);
  });
});

describe('backers of imported contributions', () => {
  it('counts each imported contribution as its own backer: a name never makes one, as for a contribution without a cookie', async () => {
    const slug = await projectEnding(redis, undefined);
    const ctx = liveContext(redis, testClock());
    const at = ctx.now() - 60_000;
    await importEvents(
      slug,
      [
        { kind: 'contribution', id: 'i1', name: 'Ada', amount: 5, at },
        { kind: 'contribution', id: 'i2', name: 'ADA', amount: 5, at },
        { kind: 'contribution', id: 'i3', name: 'Grace', amount: 5, at },
      ],
      ctx,
    );
    await recordContribution(slug, { name: 'Grace', amount: 5 }, ctx);

    expect((await readLiveSnapshot(slug, ctx)).backers).toBe(4);
  });
});

describe('the snapshot tells the end', () => {
  it('carries endsAt, ended and outcome: open, then funded or not funded once the end has passed', async () => {
    const now = Date.now();
    const open = await projectEnding(redis, now + 60_000);
    const endless = await projectEnding(redis, undefined);
    const notFunded = await projectEnding(redis, now + 1_000);
    const funded = uniqueSlug();
    await saveProject({ ...sampleProject(funded, 50_000), endsAt: now + 1_000 }, 0, redis);
    const before = liveContext(redis, testClock(now));
    const after = liveContext(redis, testClock(now + 2_000));

    expect(await readLiveSnapshot(open, before)).toMatchObject({ endsAt: now + 60_000, ended: false, outcome: null });
    expect(await readLiveSnapshot(endless, after)).toMatchObject({ endsAt: null, ended: false, outcome: null });
    expect(await readLiveSnapshot(notFunded, after)).toMatchObject({
      endsAt: now + 1_000,
      ended: true,
      outcome: 'not_funded',
    });
    const fundedSnapshot = await readLiveSnapshot(funded, before);
    expect(fundedSnapshot).toMatchObject({ ended: false, outcome: null, goal: sampleProject(funded).goal });
    // A copy read before the end and served after it (the relay's cache) tells the end too.
    expect(snapshotAt(fundedSnapshot, now + 2_000)).toMatchObject({ ended: true, outcome: 'funded' });
  });
});
