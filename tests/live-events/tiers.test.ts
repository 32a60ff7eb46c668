import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidInputError } from '../../lib/errors';
import { cancelContribution, readLiveSnapshot, reconcileLedger, recordContribution } from '../../lib/live-events';
import { getProject } from '../../lib/projects/catalogue';
import { putProject } from '../../lib/projects/save';
import type { Tier } from '../../lib/projects/schemas';
import { sampleProjectInput } from '../sample-project';
import { connect, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
let second: RedisClient;
beforeAll(async () => {
  [redis, second] = await Promise.all([connect(), connect()]);
});
afterAll(async () => {
  await Promise.all([redis.quit(), second.quit()]);
});

const TIERS: Tier[] = [
  { id: 'sticker', title: 'A sticker', description: '', minimum: 5 },
  { id: 'vinyl', title: 'The vinyl', description: 'Signed', minimum: 40, limit: 2 },
];

async function projectWithTiers(tiers: Tier[] = TIERS): Promise<string> {
  const slug = uniqueSlug();
  const fields = sampleProjectInput(slug);
  await putProject(slug, { ...fields, tiers, listed: false }, redis);
  return slug;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('reward tiers', () => {
  it('refuses an unknown tier (field tier), an amount below its minimum (field amount), and a tier sold out (tier_sold_out), writing nothing', async () => {
    const slug = await projectWithTiers();
    const ctx = liveContext(redis, testClock());
    expect((await getProject(slug, redis))?.tiers).toEqual(TIERS);

    const unknown = await failure(recordContribution(slug, { name: 'Ada', amount: 50, tier: 'poster' }, ctx));
    const below = await failure(recordContribution(slug, { name: 'Ada', amount: 39, tier: 'vinyl' }, ctx));
    await recordContribution(slug, { id: 'v1', name: 'Ada', amount: 40, tier: 'vinyl' }, ctx);
    await recordContribution(slug, { id: 'v2', name: 'Grace', amount: 60, tier: 'vinyl' }, ctx);
    const soldOut = await failure(
      recordContribution(slug, { id: 'v3', name: 'Linus', amount: 90, tier: 'vinyl' }, ctx),
    );
    const repeat = await recordContribution(slug, { id: 'v2', name: 'Grace', amount: 60, tier: 'vinyl' }, ctx);

    expect(unknown).toBeInstanceOf(InvalidInputError);
    expect((unknown as InvalidInputError).field).toBe('tier');
    expect(below).toBeInstanceOf(InvalidInputError);
    expect((below as InvalidInputError).field).toBe('amount');
    expect(soldOut).toBeInstanceOf(ConflictError);
    expect((soldOut as ConflictError).code).toBe('tier_sold_out');
    expect(repeat.created).toBe(false);
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.raised).toBe(100);
    expect(snapshot.tiers).toEqual([
      {
        id: 'sticker',
        title: 'A sticker',
        description: '',
        minimum: 5,
        limit: null,
        claimed: 0,
        held: 0,
        holds: [],
        left: null,
      },
      {
        id: 'vinyl',
        title: 'The vinyl',
        description: 'Signed',
        minimum: 40,
        limit: 2,
        claimed: 2,
        held: 0,
        holds: [],
        left: 0,
      },
    ]);
  });

  it('gives a cancelled pledge’s place back, once, and tells open pages the places each time', async () => {
    const slug = await projectWithTiers();
    const ctx = liveContext(redis, testClock());
    const changes = await listenToChanges(redis, slug);
    await recordContribution(slug, { id: 'v1', name: 'Ada', amount: 40, tier: 'vinyl' }, ctx);
    await recordContribution(slug, { id: 'v2', name: 'Grace', amount: 40, tier: 'vinyl' }, ctx);
    await cancelContribution(slug, 'v1', ctx);
    await failure(cancelContribution(slug, 'v1', ctx));
    expect((await changes.takeChanges()).map((change) => ('tier' in change ? change.tier : undefined))).toEqual([
      { id: 'vinyl', claimed: 1, held: 0 },
      { id: 'vinyl', claimed: 2, held: 0 },
      { id: 'vinyl', claimed: 1 },
    ]);
    await changes.close();

    expect((await readLiveSnapshot(slug, ctx)).tiers[1]).toMatchObject({ claimed: 1, left: 1 });
    await expect(
      recordContribution(slug, { id: 'v3', name: 'Linus', amount: 40, tier: 'vinyl' }, ctx),
    ).resolves.toMatchObject({ created: true });
    expect((await reconcileLedger(slug, redis)).consistent).toBe(true);
  });

  it('keeps a tier that has pledges: not removed, not limited below them (tier_in_use), and the project unchanged', async () => {
    const slug = await projectWithTiers();
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'v1', name: 'Ada', amount: 40, tier: 'vinyl' }, ctx);
    await recordContribution(slug, { id: 'v2', name: 'Grace', amount: 40, tier: 'vinyl' }, ctx);
    const fields = sampleProjectInput(slug);

    const removed = await failure(
      putProject(slug, { ...fields, title: 'Renamed', tiers: [TIERS[0]!], listed: false }, redis),
    );
    const lowered = await failure(
      putProject(slug, { ...fields, tiers: [TIERS[0]!, { ...TIERS[1]!, limit: 1 }], listed: false }, redis),
    );

    for (const refused of [removed, lowered]) {
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as ConflictError).code).toBe('tier_in_use');
    }
    expect(await getProject(slug, redis)).toMatchObject({ title: `Project ${slug}`, tiers: TIERS });
    // Raised to 5, or an unused tier removed: fine.
    await putProject(slug, { ...fields, tiers: [{ ...TIERS[1]!, limit: 5 }], listed: false }, redis);
    expect((await readLiveSnapshot(slug, ctx)).tiers).toEqual([
      expect.objectContaining({ id: 'vinyl', claimed: 2, left: 3 }),
    ]);
  });

  it('sells a limited tier exactly: 1,000 concurrent claims from two connections, exactly the limit succeed', async () => {
    const limit = 37;
    const slug = await projectWithTiers([{ id: 'early', title: 'Early bird', description: '', minimum: 10, limit }]);
    const contexts = [liveContext(redis, testClock()), liveContext(second, testClock())];

    const results = await Promise.allSettled(
      Array.from({ length: 1_000 }, (_, i) =>
        recordContribution(
          slug,
          { id: `claim-${i}`, name: `Backer ${i}`, amount: 10, tier: 'early' },
          contexts[i % 2]!,
        ),
      ),
    );

    const won = results.filter((result) => result.status === 'fulfilled');
    const refused = results
      .filter((result) => result.status === 'rejected')
      .map((result) => (result as PromiseRejectedResult).reason as ConflictError);
    expect(won).toHaveLength(limit);
    expect(refused.every((error) => error.code === 'tier_sold_out')).toBe(true);
    expect((await readLiveSnapshot(slug, contexts[0])).tiers[0]).toMatchObject({ claimed: limit, left: 0 });
    expect(await reconcileLedger(slug, redis)).toMatchObject({
      raised: 10 * limit,
      ledger: { pledges: limit },
      consistent: true,
    });
  });
});

it('keeps the saved tiers when a save leaves them out (the admin form)', async () => {
  const slug = await projectWithTiers();
  await putProject(slug, { ...sampleProjectInput(slug), title: 'Renamed', listed: false }, redis);
  expect(await getProject(slug, redis)).toMatchObject({ title: 'Renamed', tiers: TIERS });
});
