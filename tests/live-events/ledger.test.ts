import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { HOUR } from '../../lib/live-events/windows';
import { getProject } from '../../lib/projects/catalogue';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { connect, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** Redis' own clock, the one the contribution script decides the end on. */
const redisNow = async () => {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000);
};

async function projectEnding(endsAt: number | undefined): Promise<string> {
  const slug = uniqueSlug();
  await saveProject({ ...sampleProject(slug), endsAt }, 0, redis);
  return slug;
}

describe('the ledger: a pledge counts once for the life of the project', () => {
  it('answers an id re-sent after its 24 hours with the original pledge and counts nothing', async () => {
    const slug = await projectEnding(undefined);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const first = await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);
    clock.advance(25 * HOUR);

    const replay = await recordContribution(slug, { id: 'kept', name: 'Ada', amount: 25 }, ctx);

    expect(replay).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect((await getProject(slug, redis))?.raised).toBe(25);
  });

  it('refuses nothing new after the end: an id replayed once it left its window answers 200, not a new pledge', async () => {
    const endsAt = (await redisNow()) + 1_000;
    const slug = await projectEnding(endsAt);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const first = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);
    while ((await redisNow()) < endsAt) await new Promise((resolve) => setTimeout(resolve, 50));
    clock.advance(25 * HOUR);

    const replay = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);
    const again = await recordContribution(slug, { id: 'replayed', name: 'Ada', amount: 25 }, ctx);

    expect(replay).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect(again).toMatchObject({ created: false, at: first.at, raised: 25 });
    expect((await getProject(slug, redis))?.raised).toBe(25);
  });
});
