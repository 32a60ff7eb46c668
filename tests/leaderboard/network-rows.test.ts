import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hidePlayer,
  readBoards,
  readPlayerStanding,
  removeEntry,
  type LeaderboardChange,
  type LeaderboardContext,
} from '../../lib/leaderboard';
import { boardSuffix } from '../../lib/leaderboard/keys';
import { currentPeriods, PERIODS } from '../../lib/leaderboard/periods';
import { startSession, submitSession } from '../../lib/quiz';
import type { RedisClient } from '../../lib/redis/client';
import { connect, listenTo } from '../support';
import { newPlayer } from '../quiz/support';
import { boardContext, entryKeys } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const TUESDAY = Date.parse('2030-01-08T12:00:00Z');
const everywhere = <T>(value: T) => ({ day: value, week: value, all: value });

/** Boards of their own, capped at `cap` rows per network. */
function cappedContext(cap = 5, size = 100): LeaderboardContext {
  return { ...boardContext(redis, size, () => TUESDAY), rowsPerNetwork: cap };
}

/** `player` submits a session the server counted `score` for, from `network`; answers the entry id and the result. */
async function play(ctx: LeaderboardContext, player: string, network: string | undefined, score: number) {
  const { id } = await startSession(newPlayer(), ctx);
  await redis.hset(ctx.keys.quizSession(id), { score, player });
  return { id, result: await submitSession(id, `P ${score}`, player, ctx, network ? [{ id: network, share: 1 }] : []) };
}

/** Each board's scores, best first. */
async function scores(ctx: LeaderboardContext) {
  const boards = await readBoards(ctx);
  return Object.fromEntries(PERIODS.map((period) => [period, boards[period].entries.map((row) => row.score)]));
}

/** The network's bookkeeping set on each current board: the members it counts. */
async function counted(ctx: LeaderboardContext, network: string) {
  const spans = currentPeriods(TUESDAY);
  return Object.fromEntries(
    await Promise.all(
      PERIODS.map(
        async (period) =>
          [period, await redis.zrange(ctx.keys.networkRows(boardSuffix(spans[period]), network), '0', '-1')] as const,
      ),
    ),
  );
}

describe('at most LEADERBOARD_ROWS_PER_NETWORK rows per network on each board', () => {
  it('six players from one network hold 5 rows per board; the sixth enters only by beating, and replacing, the lowest', async () => {
    const ctx = cappedContext();
    const ids = [];
    for (const score of [100, 200, 300, 400, 500]) ids.push((await play(ctx, newPlayer(), 'net-a', score)).id);
    const sixth = newPlayer();
    const low = await play(ctx, sixth, 'net-a', 50);
    // Kept off by the cap: no rank claimed, yet it is the player's best, and they still learn where they stand.
    expect(low.result).toMatchObject({ ranks: everywhere(null), improved: everywhere(true) });
    expect(await redis.exists(ctx.keys.entry(low.id))).toBe(0);
    expect((await readPlayerStanding(sixth, ctx)).boards.all).toMatchObject({
      best: 50,
      rank: null,
      players: 6,
      betterThan: 0,
    });
    // Equal to the lowest is not better: it shares that row's rank without a row (a perfect game among perfect ones is told it is tied for 1st).
    const tied = await play(ctx, newPlayer(), 'net-a', 100);
    expect(tied.result).toMatchObject({ ranks: everywhere(5), sharedBy: everywhere(2), listed: everywhere(false) });
    expect(await redis.exists(ctx.keys.entry(tied.id))).toBe(0);
    expect(await scores(ctx)).toEqual(everywhere([500, 400, 300, 200, 100]));

    const subscriber = await listenTo(redis, ctx.keys.changes);
    try {
      const better = await play(ctx, sixth, 'net-a', 250);
      expect(better.result).toMatchObject({ ranks: everywhere(4), improved: everywhere(true) });
      // Open pages learn which row left: the network's 100.
      const [change] = (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
      expect(change).toMatchObject({ type: 'entry-added', boards: everywhere({ rank: 4, replaced: ids[0] }) });
    } finally {
      await subscriber.close();
    }
    expect(await scores(ctx)).toEqual(everywhere([500, 400, 300, 250, 200]));
    // The replaced row's string went with it, and the network counts exactly its rows.
    expect(await entryKeys(ctx)).toHaveLength(5);
    for (const members of Object.values(await counted(ctx, 'net-a'))) expect(members).toHaveLength(5);
    // A period's network sets go with its board.
    for (const period of ['day', 'week'] as const) {
      const span = currentPeriods(TUESDAY)[period];
      expect(await redis.pexpiretime(ctx.keys.networkRows(boardSuffix(span), 'net-a'))).toBe(span.expiresAt);
    }
    expect(await redis.pexpiretime(ctx.keys.networkRows('all', 'net-a'))).toBe(-1);
  });

  it("a player's better game replaces their own row: it is not counted against their network", async () => {
    const ctx = cappedContext();
    const players = Array.from({ length: 5 }, () => newPlayer());
    for (const [i, player] of players.entries()) await play(ctx, player, 'net-a', 100 * (i + 1));
    expect((await play(ctx, players[4]!, 'net-a', 900)).result.ranks).toEqual(everywhere(1));
    expect((await play(ctx, players[0]!, 'net-a', 150)).result.ranks).toEqual(everywhere(5));
    expect(await scores(ctx)).toEqual(everywhere([900, 400, 300, 200, 150]));
  });

  it('a player whose better game comes from another, full network leaves their old row and enters only by beating its lowest; a lowered cap takes no row off', async () => {
    const ctx = cappedContext(2);
    const mover = newPlayer();
    await play(ctx, mover, 'net-a', 100);
    for (const score of [200, 300]) await play(ctx, newPlayer(), 'net-b', score);
    expect((await play(ctx, mover, 'net-b', 150)).result).toMatchObject({
      ranks: everywhere(null),
      improved: everywhere(true),
    });
    expect(await scores(ctx)).toEqual(everywhere([300, 200]));
    expect((await counted(ctx, 'net-a')).all).toEqual([]);
    expect((await play(ctx, mover, 'net-b', 250)).result.ranks).toEqual(everywhere(2));
    expect(await scores(ctx)).toEqual(everywhere([300, 250]));

    const lowered = { ...ctx, rowsPerNetwork: 1 };
    expect((await play(lowered, newPlayer(), 'net-b', 400)).result.ranks).toEqual(everywhere(1));
    expect(await scores(ctx)).toEqual(everywhere([400, 300]));
  });

  it('players of two networks are counted apart; entries without a network (other games, the admin) are not counted', async () => {
    const ctx = cappedContext();
    for (const score of [100, 200, 300, 400, 500]) await play(ctx, newPlayer(), 'net-a', score);
    for (const score of [110, 210, 310, 410, 510]) await play(ctx, newPlayer(), 'net-b', score);
    for (const score of [1, 2, 3, 4, 5, 6]) await play(ctx, newPlayer(), undefined, score);
    expect((await play(ctx, newPlayer(), 'net-b', 105)).result.ranks).toEqual(everywhere(null));
    expect((await play(ctx, newPlayer(), 'net-b', 600)).result.ranks).toEqual(everywhere(1));
    expect(await scores(ctx)).toEqual(everywhere([600, 510, 500, 410, 400, 310, 300, 210, 200, 100, 6, 5, 4, 3, 2, 1]));
  });

  it('a row that leaves the board frees its place in the count: trimmed out, its player hidden, removed by the admin', async () => {
    const ctx = cappedContext(5, 7);
    const players = Array.from({ length: 5 }, () => newPlayer());
    for (const [i, player] of players.entries()) await play(ctx, player, 'net-a', 100 * (i + 1));
    for (const score of [1_000, 1_100, 1_200]) await play(ctx, newPlayer(), 'net-b', score);
    // 1,200 pushed net-a's 100 out of the top 7: net-a holds 4, so a new player of it enters without replacing.
    expect((await counted(ctx, 'net-a')).all).toHaveLength(4);
    const thousand = (await readBoards(ctx)).all.entries.find((row) => row.score === 1_000)!;
    await removeEntry(thousand.id, ctx);
    expect((await play(ctx, newPlayer(), 'net-a', 150)).result.ranks).toEqual(everywhere(7));
    expect(await scores(ctx)).toEqual(everywhere([1_200, 1_100, 500, 400, 300, 200, 150]));
    expect((await counted(ctx, 'net-a')).all).toHaveLength(5);

    await hidePlayer(players[4]!, ctx);
    expect((await counted(ctx, 'net-a')).all).toHaveLength(4);
    expect((await play(ctx, newPlayer(), 'net-a', 120)).result.ranks).toEqual(everywhere(7));

    const three = (await readBoards(ctx)).all.entries.find((row) => row.score === 300)!;
    await removeEntry(three.id, ctx);
    expect((await counted(ctx, 'net-a')).all).toHaveLength(4);
    expect((await play(ctx, newPlayer(), 'net-a', 110)).result.ranks).toEqual(everywhere(7));
    expect(await scores(ctx)).toEqual(everywhere([1_200, 1_100, 400, 200, 150, 120, 110]));
    for (const [network, held] of [
      ['net-a', 5],
      ['net-b', 2],
    ] as const) {
      for (const members of Object.values(await counted(ctx, network))) expect(members).toHaveLength(held);
    }
  });

  it('LEADERBOARD_ROWS_PER_NETWORK=0 (or RATE_LIMIT_PER_MIN=0, which sets it to 0) lets one network hold every row', async () => {
    const ctx = cappedContext(0);
    for (const score of [100, 200, 300, 400, 500, 50]) await play(ctx, newPlayer(), 'net-a', score);
    expect(await scores(ctx)).toEqual(everywhere([500, 400, 300, 200, 100, 50]));
  });
});

type Row = { id: string; player: number; network: string | undefined; points: number; order: number };
type Op =
  | { kind: 'submit'; player: number; network: number; points: number }
  | { kind: 'hide'; player: number }
  | { kind: 'remove'; pick: number };

const NETWORKS = ['net-a', 'net-b', 'net-c', undefined];

/** The rules, in memory: one board (the three are alike when every entry has one date). */
class BoardModel {
  rows: Row[] = [];
  bests = new Map<number, number>();
  hidden = new Set<number>();
  private order = 0;
  constructor(
    private readonly size: number,
    private readonly cap: number,
  ) {}

  submit(id: string, player: number, network: string | undefined, points: number) {
    if (this.hidden.has(player) || points <= (this.bests.get(player) ?? -1)) return;
    this.bests.set(player, points);
    this.rows = this.rows.filter((row) => row.player !== player);
    const last = this.rows.length >= this.size ? this.rows[this.size - 1]!.points : undefined;
    if (last !== undefined && points <= last) return;
    const mine = this.rows.filter((row) => network !== undefined && row.network === network);
    if (network !== undefined && mine.length >= this.cap) {
      const lowest = mine.at(-1)!;
      if (points <= lowest.points) return;
      this.rows = this.rows.filter((row) => row !== lowest);
    }
    this.rows.push({ id, player, network, points, order: this.order++ });
    this.rows.sort((a, b) => b.points - a.points || a.order - b.order);
    this.rows = this.rows.slice(0, this.size);
  }

  hide(player: number) {
    this.hidden.add(player);
    this.bests.delete(player);
    this.rows = this.rows.filter((row) => row.player !== player);
  }
}

describe('the network count never drifts', () => {
  it('under any sequence of submits, hides and removals across three networks, matches a model and never exceeds the cap', async () => {
    const op = fc.oneof(
      {
        arbitrary: fc.record({
          kind: fc.constant('submit' as const),
          player: fc.nat(9),
          network: fc.nat(3),
          points: fc.nat(30),
        }),
        weight: 8,
      },
      { arbitrary: fc.record({ kind: fc.constant('hide' as const), player: fc.nat(9) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(20) }), weight: 2 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 5, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        async (ops: Op[], cap) => {
          const ctx = cappedContext(cap, 6);
          const model = new BoardModel(6, cap);
          const players = Array.from({ length: 10 }, () => newPlayer());
          for (const step of ops) {
            if (step.kind === 'submit') {
              const { id } = await play(ctx, players[step.player]!, NETWORKS[step.network], step.points);
              model.submit(id, step.player, NETWORKS[step.network], step.points);
            } else if (step.kind === 'hide') {
              await hidePlayer(players[step.player]!, ctx);
              model.hide(step.player);
            } else if (model.rows.length > 0) {
              const row = model.rows[step.pick % model.rows.length]!;
              await removeEntry(row.id, ctx);
              model.rows = model.rows.filter((other) => other !== row);
            }
            const boards = await readBoards(ctx);
            for (const period of PERIODS)
              expect(boards[period].entries.map((row) => row.id)).toEqual(model.rows.map((row) => row.id));
            for (const network of NETWORKS.filter((name) => name !== undefined)) {
              const held = model.rows
                .filter((row) => row.network === network)
                .map((row) => row.id)
                .toSorted();
              expect(held.length).toBeLessThanOrEqual(cap);
              for (const members of Object.values(await counted(ctx, network)))
                expect(members.map((member) => member.slice(16)).toSorted()).toEqual(held);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
