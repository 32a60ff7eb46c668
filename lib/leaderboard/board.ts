import { NotFoundError } from '../errors';
import { readBoardTops, removeBoardEntry } from './scripts';
import { defaultLeaderboardContext, type LeaderboardContext } from './context';
import { boardSuffix } from './keys';
import { competitionRanks } from './ranks';
import { currentPeriods, periodAt, PERIODS, type Period, type PeriodSpan } from './periods';
import type { AddedEntry, Board, BoardEntry, Boards, Placed } from './types';

/**
 * The keys and arguments of the boards an entry made at `time` goes to, as add-to-boards.lua
 * takes them: KEYS the boards; ARGV per board its period, key suffix, period id and expiry (0: none).
 */
export function boardsAt(ctx: LeaderboardContext, time: number) {
  const spans = PERIODS.map((period) => periodAt(period, time));
  return {
    keys: spans.map(ctx.keys.board),
    args: spans.flatMap((span) => [span.period, boardSuffix(span), span.id, span.expiresAt ?? 0]),
  };
}

const perBoard = <T>(values: readonly unknown[], from: number, as: (value: number) => T) =>
  Object.fromEntries(PERIODS.map((period, i) => [period, as(Number(values[from + i]))])) as Record<Period, T>;

/** The scripts' {rank x3, threshold x3, shared x3, listed x3} (day, week, all time) as an answer, the all time board's first. */
export function placed(reply: readonly unknown[]): Placed {
  const ranks = perBoard(reply, 0, (rank) => rank || null);
  const thresholds = perBoard(reply, PERIODS.length, (threshold) => threshold);
  return {
    rank: ranks.all,
    threshold: thresholds.all,
    ranks,
    sharedBy: perBoard(reply, 2 * PERIODS.length, (shared) => shared),
    listed: perBoard(reply, 3 * PERIODS.length, (listed) => listed === 1),
  };
}

/** placed(), then {improved x3}: whether each board's best moved. */
export function placedAndImproved(reply: readonly unknown[]): AddedEntry {
  return { ...placed(reply), improved: perBoard(reply, 4 * PERIODS.length, (improved) => improved === 1) };
}

function checkedLimit(limit: number, size: number): number {
  // ZRANGE 0 -1 would read the whole board: a limit out of range is a bug of the caller.
  if (!Number.isInteger(limit) || limit < 1 || limit > size) throw new RangeError(`limit must be 1 to ${size}`);
  return limit;
}

function toBoard(
  version: number,
  [threshold, lastPlacePlayers, entries]: [number, number, string[]],
  span: PeriodSpan,
  size: number,
): Board {
  const rows = entries.map((json): BoardEntry => {
    const { id, player, name, score, date } = JSON.parse(json) as BoardEntry;
    return { id, player, name, score, date };
  });
  return { version, threshold, lastPlacePlayers, size, span, entries: competitionRanks(rows) };
}

/** The best `limit` entries of the current `period`'s board (all of them when fewer), best first, in one round trip. */
export async function readTop(
  limit: number,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
  period: Period = 'all',
): Promise<Board> {
  const span = periodAt(period, ctx.now());
  const { keys } = ctx;
  const { version, tops } = await readBoardTops.run(
    ctx.redis,
    { ...keys, boards: [keys.board(span)] },
    { limit: checkedLimit(limit, ctx.size), size: ctx.size, suffixes: [boardSuffix(span)] },
  );
  return toBoard(version, tops[0]!, span, ctx.size);
}

/** The three current boards, whole, at one version (one script): what a page shows and keeps live. */
export async function readBoards(ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<Boards> {
  const spans = currentPeriods(ctx.now());
  const { keys } = ctx;
  const { version, tops } = await readBoardTops.run(
    ctx.redis,
    { ...keys, boards: PERIODS.map((period) => keys.board(spans[period])) },
    { limit: ctx.size, size: ctx.size, suffixes: PERIODS.map((period) => boardSuffix(spans[period])) },
  );
  return Object.fromEntries(
    PERIODS.map((period, i) => [period, toBoard(version, tops[i]!, spans[period], ctx.size)]),
  ) as Boards;
}

/** Moderation: takes an entry off every board it is on and deletes its string; NotFoundError when no board holds it. */
export async function removeEntry(id: string, ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<void> {
  const { keys } = ctx;
  const { removed } = await removeBoardEntry.run(ctx.redis, keys, { id });
  if (!removed) throw new NotFoundError('leaderboard entry');
}
