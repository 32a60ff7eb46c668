import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { cancelContribution, readLiveSnapshot, reconcileLedger, recordContribution } from '../../lib/live-events';
import type { LiveEventsContext } from '../../lib/live-events/context';
import { snapshotAt } from '../../lib/live-events/aged-snapshot';
import { holdMsFromEnv, holdPlace, releaseHold } from '../../lib/live-events/holds';
import { putProject } from '../../lib/projects/save';
import type { RedisClient } from '../../lib/redis/client';
import { sampleProjectInput } from '../sample-project';
import { connect, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => redis.quit());

const HOLD_MS = 60_000;
const LIMIT = 3;

/** A context whose holds see Redis' clock moved by `shift` (the test's hand on time; no request reaches it). */
function holdContext(): LiveEventsContext & { shift: { ms: number } } {
  const shift = { ms: 0 };
  return { ...liveContext(redis, testClock()), holdMs: HOLD_MS, clockShift: () => shift.ms, shift };
}

async function projectWithTier(limit = LIMIT): Promise<string> {
  const slug = uniqueSlug();
  const tiers = [
    { id: 'vinyl', title: 'The vinyl', description: '', minimum: 10, limit },
    { id: 'sticker', title: 'A sticker', description: '', minimum: 1 },
  ];
  await putProject(slug, { ...sampleProjectInput(slug), tiers, listed: false }, redis);
  return slug;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('holds on a limited tier', () => {
  it('HOLD_MS is 10 minutes unless set, 1 s to 24 h, anything else refused', () => {
    expect(holdMsFromEnv({} as NodeJS.ProcessEnv)).toBe(600_000);
    expect(holdMsFromEnv({ HOLD_MS: '5000' } as unknown as NodeJS.ProcessEnv)).toBe(5_000);
    for (const refused of ['0', '999', '86400001', 'soon'])
      expect(() => holdMsFromEnv({ HOLD_MS: refused } as unknown as NodeJS.ProcessEnv)).toThrow();
  });

  it('holds a place per visitor (the same hold asked again), refuses past the limit, and a lapsed hold gives it back by itself', async () => {
    const slug = await projectWithTier(2);
    const ctx = holdContext();
    const changes = await listenToChanges(redis, slug);
    const ada = await holdPlace(slug, 'vinyl', 'ada', ctx);
    const again = await holdPlace(slug, 'vinyl', 'ada', ctx);
    await holdPlace(slug, 'vinyl', 'grace', ctx);
    const soldOut = await failure(holdPlace(slug, 'vinyl', 'linus', ctx));

    expect(ada.created).toBe(true);
    expect(again).toEqual({ ...ada, created: false });
    expect(soldOut).toBeInstanceOf(ConflictError);
    expect((soldOut as ConflictError).code).toBe('tier_sold_out');
    expect((await readLiveSnapshot(slug, ctx)).tiers[0]).toMatchObject({
      claimed: 0,
      held: 2,
      left: 0,
      holds: [ada.expiresAt, expect.any(Number)],
    });
    // Two holds made, one change each, carrying the expiry times a page ages by itself.
    expect((await changes.takeChanges()).map((change) => change.type === 'tier-holds' && change.tier.held)).toEqual([
      1, 2,
    ]);

    ctx.shift.ms = HOLD_MS;
    expect((await readLiveSnapshot(slug, ctx)).tiers[0]).toMatchObject({ held: 0, left: 2 });
    await expect(holdPlace(slug, 'vinyl', 'linus', ctx)).resolves.toMatchObject({ created: true });
    // A lapse publishes nothing: every page drops the hold at its known time.
    expect((await changes.takeChanges()).map((change) => change.type === 'tier-holds' && change.tier.held)).toEqual([
      1,
    ]);
    await changes.close();
  });

  it("is consumed by its holder's pledge (which no other visitor's holds can refuse) and given back by DELETE", async () => {
    const slug = await projectWithTier(1);
    const ctx = holdContext();
    await holdPlace(slug, 'vinyl', 'ada', ctx);
    const other = await failure(recordContribution(slug, { name: 'Grace', amount: 10, tier: 'vinyl' }, ctx, 'grace'));
    const mine = await recordContribution(slug, { name: 'Ada', amount: 10, tier: 'vinyl' }, ctx, 'ada');
    expect((other as ConflictError).code).toBe('tier_sold_out');
    expect(mine.created).toBe(true);
    expect((await readLiveSnapshot(slug, ctx)).tiers[0]).toMatchObject({ claimed: 1, held: 0, left: 0 });

    await cancelContribution(slug, mine.id, ctx);
    await holdPlace(slug, 'vinyl', 'grace', ctx);
    expect(await releaseHold(slug, 'vinyl', 'grace', ctx)).toBe(true);
    expect(await releaseHold(slug, 'vinyl', 'grace', ctx)).toBe(false);
    expect((await readLiveSnapshot(slug, ctx)).tiers[0]).toMatchObject({ claimed: 0, held: 0, left: 1 });
  });

  it("a snapshot an instance cached is aged by its holds' times too: a lapsed one is gone from a copy served later", async () => {
    const slug = await projectWithTier(2);
    const ctx = holdContext();
    const { expiresAt } = await holdPlace(slug, 'vinyl', 'ada', ctx);
    const cached = await readLiveSnapshot(slug, ctx);
    expect(snapshotAt(cached, expiresAt - 1)!.tiers[0]).toMatchObject({ held: 1, left: 1 });
    expect(snapshotAt(cached, expiresAt)!.tiers[0]).toMatchObject({ held: 0, left: 2, holds: [] });
  });

  it('names an unknown project or tier (404), an unlimited tier (400 field tier)', async () => {
    const slug = await projectWithTier();
    const ctx = holdContext();
    expect(await failure(holdPlace(uniqueSlug(), 'vinyl', 'ada', ctx))).toBeInstanceOf(NotFoundError);
    expect((await failure(holdPlace(slug, 'nope', 'ada', ctx))) as NotFoundError).toMatchObject({ what: 'tier' });
    expect((await failure(holdPlace(slug, 'sticker', 'ada', ctx))) as InvalidInputError).toMatchObject({
      field: 'tier',
    });
  });
});

/** The model: what the places must be after any run of holds, releases, pledges, cancels and lapses. */
type Model = { now: number; holds: Map<string, number>; pledges: Map<string, string> };
type Real = { slug: string; ctx: ReturnType<typeof holdContext> };
const VISITORS = ['a', 'b', 'c', 'd', 'e'];
const free = (m: Model) => LIMIT - m.pledges.size - [...m.holds.values()].filter((at) => at > m.now).length;
const standing = (m: Model, visitor: string) => (m.holds.get(visitor) ?? 0) > m.now;

class Hold implements fc.AsyncCommand<Model, Real> {
  constructor(readonly visitor: string) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const result = await failure(holdPlace(r.slug, 'vinyl', this.visitor, r.ctx));
    if (standing(m, this.visitor)) return void expect(result).toBeNull();
    if (free(m) <= 0) return void expect((result as ConflictError).code).toBe('tier_sold_out');
    expect(result).toBeNull();
    m.holds.set(this.visitor, m.now + HOLD_MS);
  }
  toString = () => `hold(${this.visitor})`;
}
class Release implements fc.AsyncCommand<Model, Real> {
  constructor(readonly visitor: string) {}
  check = () => true;
  async run(m: Model, r: Real) {
    expect(await releaseHold(r.slug, 'vinyl', this.visitor, r.ctx)).toBe(standing(m, this.visitor));
    m.holds.delete(this.visitor);
  }
  toString = () => `release(${this.visitor})`;
}
class Pledge implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly visitor: string,
    readonly id: string,
  ) {}
  check = (m: Readonly<Model>) => !m.pledges.has(this.id);
  async run(m: Model, r: Real) {
    const result = await failure(
      recordContribution(r.slug, { id: this.id, name: 'Backer', amount: 10, tier: 'vinyl' }, r.ctx, this.visitor),
    );
    if (!standing(m, this.visitor) && free(m) <= 0)
      return void expect((result as ConflictError).code).toBe('tier_sold_out');
    expect(result).toBeNull();
    m.holds.delete(this.visitor);
    m.pledges.set(this.id, this.visitor);
  }
  toString = () => `pledge(${this.visitor}, ${this.id})`;
}
class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.pledges.size > 0;
  async run(m: Model, r: Real) {
    const id = [...m.pledges.keys()][this.pick % m.pledges.size]!;
    await cancelContribution(r.slug, id, r.ctx);
    m.pledges.delete(id);
  }
  toString = () => `cancel(#${this.pick})`;
}
class Lapse implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.now += this.ms;
    r.ctx.shift.ms += this.ms;
  }
  toString = () => `time +${this.ms} ms`;
}

describe('holds, pledges, cancels and lapses (model-based)', () => {
  it('never sell a place twice nor lose one: places left are limit - claimed - held, as the model says, after every step', async () => {
    let pledgeIds = 0;
    const commands = [
      fc.constantFrom(...VISITORS).map((visitor) => new Hold(visitor)),
      fc.constantFrom(...VISITORS).map((visitor) => new Release(visitor)),
      fc.constantFrom(...VISITORS).map((visitor) => new Pledge(visitor, `p${pledgeIds++}`)),
      fc.nat(10).map((pick) => new Cancel(pick)),
      fc.constantFrom(HOLD_MS / 3, HOLD_MS / 2, HOLD_MS).map((ms) => new Lapse(ms)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        const ctx = holdContext();
        // The model's clock starts at Redis' own, as the scripts' does.
        const [seconds, micros] = await redis.time();
        const model: Model = {
          now: Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000),
          holds: new Map(),
          pledges: new Map(),
        };
        const real: Real = { slug: await projectWithTier(), ctx };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // Redis' clock moved on while the run went: what it sees as lapsed, the model may not; settle past every hold.
        model.now += HOLD_MS;
        ctx.shift.ms += HOLD_MS;
        const tier = (await readLiveSnapshot(real.slug, ctx)).tiers[0]!;
        expect(tier).toMatchObject({ claimed: model.pledges.size, held: 0, left: LIMIT - model.pledges.size });
        expect((await reconcileLedger(real.slug, redis)).consistent).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
