import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import {
  getProject,
  projectExists,
  readCards,
  readCataloguePage,
  slugsOfCreator,
  readEndingSoon,
  readRecentlyEnded,
} from '../../lib/projects/catalogue';
import { saveProjectInfo } from '../../lib/projects/scripts';
import { catalogueKeys, projectKeys } from '../../lib/projects/keys';
import { catalogueCursorSchema } from '../../lib/projects/schemas';
import { copyTotalsToCards, putProject, saveProject } from '../../lib/projects/save';
import { DEMO_PROJECTS } from '../../lib/projects/demo-projects';
import { readLiveSnapshot } from '../../lib/live-events';
import { DEMO_DURATIONS, seedDemoProjects } from '../../lib/simulator/demo-seed';
import { sampleProject } from '../sample-project';
import { commandsSentBy, connect, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** Every page in turn, `limit` at a time, calling `between` after each page. */
async function pageThrough(limit: number, between: () => Promise<unknown> = async () => undefined): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  do {
    const page = await readCataloguePage({ after, limit }, redis);
    expect(page.projects.length).toBeLessThanOrEqual(limit);
    seen.push(...page.projects.map((project) => project.slug));
    after = page.next ?? undefined;
    if (after) expect(catalogueCursorSchema.safeParse(after).success).toBe(true);
    await between();
  } while (after);
  return seen;
}

const listedSlugs = async () => (await redis.zrange(catalogueKeys.order, '0', '-1')).map((member) => member.slice(17));

describe('saveProject', () => {
  it('creates a project that reads back whole and is listed on a page of the catalogue', async () => {
    const project = sampleProject(uniqueSlug(), 250);

    expect((await saveProject(project, 3, redis)).created).toBe(true);

    expect(await getProject(project.slug, redis)).toEqual(project);
    expect(await readCards([project.slug], redis)).toEqual([project]);
    expect(await pageThrough(100)).toContain(project.slug);
  });

  it('updates the fields on a second save without undoing contributions or moving it', async () => {
    const project = sampleProject(uniqueSlug(), 250);
    await saveProject(project, 3, redis);
    await recordContribution(project.slug, { name: 'Ada', amount: 50 }, liveContext(redis, testClock()));
    const placeBefore = (await redis.zrange(catalogueKeys.order, '0', '-1')).find((member) =>
      member.endsWith(`:${project.slug}`),
    );

    const saved = await saveProject({ ...project, title: 'Renamed', raised: 0 }, 9, redis);

    expect(saved).toEqual({ created: false, project: { ...project, title: 'Renamed', raised: 300 } });
    expect(await getProject(project.slug, redis)).toEqual({ ...project, title: 'Renamed', raised: 300 });
    expect(await readCards([project.slug], redis)).toEqual([{ ...project, title: 'Renamed', raised: 300 }]);
    const places = (await redis.zrange(catalogueKeys.order, '0', '-1')).filter((member) =>
      member.endsWith(`:${project.slug}`),
    );
    expect(places).toEqual([placeBefore]);
  });

  it('heals a catalogue that missed a save (a crash between the two scripts) when the project is saved again', async () => {
    const project = sampleProject(uniqueSlug(), 40);
    // Only the first of the two scripts ran.
    await saveProjectInfo.run(
      redis,
      { info: projectKeys.info(project.slug), changes: liveEventKeys(project.slug).changes },
      { raised: 40, fields: ['title', project.title, 'creatorAccount', project.creatorAccount] },
    );
    expect(await readCards([project.slug], redis)).toEqual([]);

    await saveProject(project, 5, redis);

    expect(await readCards([project.slug], redis)).toEqual([project]);
    expect(await slugsOfCreator(project.creatorAccount, redis)).toEqual([project.slug]);
  });

  it("keeps a per-creator index, moving a project when its creator's account changes", async () => {
    const project = sampleProject(uniqueSlug());
    const [first, second] = [`acc-${uniqueSlug()}`, `acc-${uniqueSlug()}`];
    await saveProject({ ...project, creatorAccount: first }, 0, redis);
    await saveProject({ ...project, creatorAccount: second }, 0, redis);

    expect(await slugsOfCreator(first, redis)).toEqual([]);
    expect(await slugsOfCreator(second, redis)).toEqual([project.slug]);
  });

  it('answers null for a project that was never saved, and says it does not exist', async () => {
    const slug = uniqueSlug();
    expect(await getProject(slug, redis)).toBeNull();
    expect(await projectExists(slug, redis)).toBe(false);
    expect(await projectExists(await savedSlug(), redis)).toBe(true);
  });
});

const savedSlug = async () => (await saveProject(sampleProject(uniqueSlug()), 0, redis)).project.slug;

describe('the catalogue pages', () => {
  it('by cursor, while projects are added before and after it: none shown twice, none listed before skipped', async () => {
    for (let i = 0; i < 12; i++) await saveProject(sampleProject(uniqueSlug()), i * 1_000, redis);
    const before = await listedSlugs();
    let added = 0;
    // After each page, three projects: one at the head, one at the tail, one anywhere.
    const addSome = () =>
      Promise.all(
        [0, Date.now() + 1_000_000, Math.floor(Math.random() * Date.now())].map((position) => {
          added++;
          return saveProject(sampleProject(uniqueSlug()), position, redis);
        }),
      );

    const seen = await pageThrough(7, addSome);

    expect(added).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(before));
  });

  it('reads a page in two commands, a lex range and one HMGET, whatever the page or the catalogue', async () => {
    const firstPage = await readCataloguePage({ limit: 5 }, redis);
    expect(firstPage.next).not.toBeNull();
    for (const request of [{ limit: 5 }, { limit: 100 }, { after: firstPage.next!, limit: 24 }]) {
      expect(await commandsSentBy(redis, () => readCataloguePage(request, redis))).toEqual(['zrangebylex', 'hmget']);
    }
  });

  it('ends with no next cursor on the last page', async () => {
    const all = await listedSlugs();
    const tail = await readCataloguePage({ limit: 100, after: undefined }, redis);
    expect(tail.next === null).toBe(all.length <= 100);
  });

  it('refuses a cursor that is not one (the routes answer 400)', () => {
    for (const bad of [
      '',
      'abc',
      '12',
      '12.',
      '.slug',
      '12.UPPER',
      '12.a b',
      '12345678901234567.slug',
      '-1.slug',
      '1.{x}',
    ])
      expect(catalogueCursorSchema.safeParse(bad).success, bad).toBe(false);
    expect(catalogueCursorSchema.safeParse('1764000000000.tidal-synth').success).toBe(true);
  });
});

describe("the cards' totals", () => {
  it('take a newer total read from the project, never an older one', async () => {
    const project = sampleProject(uniqueSlug(), 100);
    await saveProject(project, 0, redis, 1_000);

    await copyTotalsToCards([{ slug: project.slug, raised: 180 }], 2_000, redis);
    await copyTotalsToCards([{ slug: project.slug, raised: 150 }], 1_500, redis);
    await copyTotalsToCards([{ slug: 'never-listed', raised: 1 }], 3_000, redis);

    expect(await readCards([project.slug, 'never-listed'], redis)).toEqual([{ ...project, raised: 180 }]);
  });
});

it('the seed lists the demo projects with the totals their imported day raised (the card matches the project)', async () => {
  await seedDemoProjects(liveContext(redis, testClock()));
  const slugs = DEMO_PROJECTS.map((project) => project.slug);
  const exact = await Promise.all(slugs.map(async (slug) => (await getProject(slug, redis))!.raised));
  expect((await readCards(slugs, redis)).map((card) => card.raised)).toEqual(exact);
  expect(exact.some((raised, i) => raised > DEMO_PROJECTS[i]!.raised)).toBe(true);
});

it('the seed gives a few demo projects 2 or 3 tiers, one limited tier nearly sold out', async () => {
  const ctx = liveContext(redis, testClock());
  await seedDemoProjects(ctx);
  const withTiers = DEMO_PROJECTS.filter((project) => (project.tiers?.length ?? 0) >= 2);
  expect(withTiers.length).toBeGreaterThanOrEqual(3);
  expect(withTiers.every((project) => project.tiers!.length <= 3)).toBe(true);
  const tiers = (
    await Promise.all(withTiers.map(async ({ slug }) => (await readLiveSnapshot(slug, ctx)).tiers))
  ).flat();
  expect(tiers.filter((tier) => tier.left === 1 && tier.claimed > 0)).toHaveLength(1);
});

it('the seed ends the demo campaigns from minutes to 30 days after their first seeding, and seeding again keeps each end', async () => {
  expect(Math.min(...DEMO_DURATIONS)).toBeLessThanOrEqual(15 * 60_000);
  expect(Math.max(...DEMO_DURATIONS)).toBe(30 * 24 * 3_600_000);
  const clock = testClock();
  await seedDemoProjects(liveContext(redis, clock));
  const ends = await Promise.all(DEMO_PROJECTS.map(async ({ slug }) => (await getProject(slug, redis))!.endsAt));
  expect(ends.every((endsAt) => typeof endsAt === 'number')).toBe(true);

  clock.advance(3_600_000);
  await seedDemoProjects(liveContext(redis, clock));

  expect(await Promise.all(DEMO_PROJECTS.map(async ({ slug }) => (await getProject(slug, redis))!.endsAt))).toEqual(
    ends,
  );
  expect(
    (
      await readCards(
        DEMO_PROJECTS.map(({ slug }) => slug),
        redis,
      )
    ).map((card) => card.endsAt),
  ).toEqual(ends);
});

it('lists the listed campaigns still open, the soonest end first, cursor-paged without repeats, an end moved or unlisted followed', async () => {
  // Far in the future, so the other files' projects end before these: the first pages are these.
  const start = Date.now() + 1_000 * 24 * 3_600_000;
  const slugs = Array.from({ length: 7 }, () => uniqueSlug());
  // Two end at the same moment: the slug breaks the tie, and paging splits them.
  const ends = [5, 1, 3, 3, 7, 2, 6].map((days) => start + days * 60_000);
  for (const [i, slug] of slugs.entries()) await saveProject({ ...sampleProject(slug), endsAt: ends[i] }, i, redis);
  await saveProject({ ...sampleProject(slugs[6]!), endsAt: start + 4 * 60_000 }, 6, redis);
  await putProject(slugs[4]!, { ...sampleProject(slugs[4]!), endsAt: ends[4], listed: false }, redis);
  await saveProject(sampleProject(uniqueSlug()), 9, redis);

  const seen: string[] = [];
  let after: string | undefined;
  do {
    const page = await readEndingSoon({ after, limit: 2, now: start }, redis);
    expect(page.projects.length).toBeLessThanOrEqual(2);
    seen.push(...page.projects.map((project) => project.slug));
    after = page.next && seen.length < 6 ? page.next : undefined;
  } while (after);

  const tied = [slugs[2]!, slugs[3]!].sort();
  expect(seen.slice(0, 6)).toEqual([slugs[1], slugs[5], ...tied, slugs[6], slugs[0]]);
  expect(
    (await readEndingSoon({ now: start + 2 * 60_000, limit: 1 }, redis)).projects.map((project) => project.slug),
  ).toEqual([tied[0]]);
});

it('lists the listed campaigns ended by now, the latest end first, for "Recently ended"', async () => {
  // Further than any other test's end (routes.test.ts goes 2,000 days ahead): the latest ends before `start` are these.
  const start = Date.now() + 5_000 * 24 * 3_600_000;
  const [first, second, open, unlisted] = [uniqueSlug(), uniqueSlug(), uniqueSlug(), uniqueSlug()];
  await saveProject({ ...sampleProject(first), endsAt: start - 2 * 60_000 }, 0, redis);
  await saveProject({ ...sampleProject(second), endsAt: start - 60_000 }, 1, redis);
  await saveProject({ ...sampleProject(open), endsAt: start + 1 }, 2, redis);
  await putProject(unlisted, { ...sampleProject(unlisted), endsAt: start - 30_000, listed: false }, redis);

  const ended = await readRecentlyEnded({ limit: 2, now: start }, redis);

  expect(ended.map((project) => project.slug)).toEqual([second, first]);
});

describe('a project without tiers on its card', () => {
  it('reads back after its total is copied: Lua re-encodes the card, and would write `tiers: []` as `{}`', async () => {
    const slug = uniqueSlug();
    await saveProject({ ...sampleProject(slug), tiers: [] }, Date.now(), redis);
    await copyTotalsToCards([{ slug, raised: 42 }], Date.now() + 1, redis);
    const [card] = await readCards([slug], redis);
    expect(card).toMatchObject({ slug, raised: 42 });
    expect(card!.tiers ?? []).toEqual([]);
  });

  it('reads a card an earlier version left with `tiers: {}` as one without tiers', async () => {
    const slug = uniqueSlug();
    await saveProject(sampleProject(slug), Date.now(), redis);
    const card = JSON.parse((await redis.hget(catalogueKeys.cards, slug))!) as Record<string, unknown>;
    await redis.hset(catalogueKeys.cards, slug, JSON.stringify({ ...card, tiers: {} }));
    const [read] = await readCards([slug], redis);
    expect(read).toMatchObject({ slug });
    expect(read!.tiers).toBeUndefined();
  });
});
