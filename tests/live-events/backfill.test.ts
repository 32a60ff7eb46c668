import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelContribution, reconcileLedger, recordContribution } from '../../lib/live-events';
import { backfillLedger, projectSlugs } from '../../lib/live-events/backfill';
import { projectKeys } from '../../lib/projects/keys';
import { connect, createProject, liveContext, testClock } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** A project as the code before the ledger left it: raised and backers in info, a set of backers, no opening, no ledger. */
async function projectBeforeTheLedger(): Promise<string> {
  const slug = await createProject(redis);
  await redis.hdel(projectKeys.info(slug), 'opening');
  await redis.hset(projectKeys.info(slug), 'raised', 1_200, 'backers', 3);
  await redis.sadd(projectKeys.legacyBackers(slug), 'v:visitor-ada-123', 'n:bo', 'n:cy');
  return slug;
}

describe('npm run backfill-ledgers', () => {
  it('makes a project from before the ledger reconcile: its backers in the index, its total an opening, a backer counted twice taken back', async () => {
    const slug = await projectBeforeTheLedger();
    const ctx = liveContext(redis, testClock());
    // Ada pledges again once the ledger is there, before the backfill: counted as a new backer.
    await recordContribution(slug, { id: 'after', name: 'Ada', amount: 50 }, ctx, 'visitor-ada-123');
    expect(await reconcileLedger(slug, redis)).toMatchObject({ raised: 1_250, backers: 4, consistent: false });

    expect(await backfillLedger(slug, redis)).toEqual({ slug, moved: 3, recounted: 1, opening: 1_200 });

    expect(await reconcileLedger(slug, redis)).toEqual({
      raised: 1_250,
      backers: 3,
      ledger: { opening: 1_200, sum: 1_250, pledges: 1, backers: 3 },
      consistent: true,
    });
    expect(await redis.exists(projectKeys.legacyBackers(slug))).toBe(0);
    // Cancelling her new pledge leaves her a backer: she backed before the ledger.
    await cancelContribution(slug, 'after', ctx);
    expect(await reconcileLedger(slug, redis)).toMatchObject({ raised: 1_200, backers: 3, consistent: true });
    // Run again: nothing left to do.
    expect(await backfillLedger(slug, redis)).toEqual({ slug, moved: 0, recounted: 0, opening: null });
  });

  it("moves a ledger-era project's backers hash into the ledger, where a cancel finds them", async () => {
    const slug = await createProject(redis);
    // As the ledger's first version wrote a pledge: its backer in full, counted in backer-pledges.
    await redis.hset(projectKeys.ledger(slug), 'old', `30|${Date.now()}||0|v:visitor-ed-456`);
    await redis.hset(projectKeys.legacyBackerPledges(slug), 'v:visitor-ed-456', 1);
    await redis.hset(projectKeys.info(slug), 'raised', 30, 'backers', 1);

    expect(await backfillLedger(slug, redis)).toMatchObject({ moved: 1, recounted: 0, opening: null });
    expect(await redis.exists(projectKeys.legacyBackerPledges(slug))).toBe(0);
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      backers: 1,
      ledger: { pledges: 1, backers: 1 },
      consistent: true,
    });

    expect(await cancelContribution(slug, 'old', liveContext(redis, testClock()))).toMatchObject({
      raised: 0,
      backers: 0,
    });
    expect(await reconcileLedger(slug, redis)).toMatchObject({ raised: 0, backers: 0, consistent: true });
  });

  it('finds every project on every master', async () => {
    const slugs = await Promise.all([createProject(redis), createProject(redis), createProject(redis)]);
    expect(await projectSlugs(redis)).toEqual(expect.arrayContaining(slugs));
  });
});
