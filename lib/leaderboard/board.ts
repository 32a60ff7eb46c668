import { NotFoundError } from '../errors';
import { withLeaderboardScripts } from './commands';
import { defaultLeaderboardContext, type LeaderboardContext } from './context';
import { boardSuffix } from './keys';
import { currentPeriods, periodAt, PERIODS, type Period, type PeriodSpan } from './periods';
import type { AddedEntry, Board, BoardEntry, Boards, Placed, RankedEntry } from './types';

/**
 * The keys and arguments of the boards an entry made at `time` goes to, as add-to-boards.lua
 * takes them: KEYS the boards; ARGV per board its period, key suffix, period id and expiry (0: none).
 */
export function boardsAt(ctx: LeaderboardContext, time: number, periods: readonly Period[] = PERIODS) {
  const spans = periods.map((period) => periodAt(period, time));
  return {
    keys: spans.map(ctx.keys.board),
    args: spans.flatMap((span) => [span.period, boardSuffix(span), span.id, span.expiresAt ?? 0]),
  };
}

/** The keys add-to-boards.lua takes after the boards, in its order. */
export function boardWriteKeys({ keys }: LeaderboardContext): string[] {
  return [keys.version, keys.changes, keys.entryPrefix, keys.boardPrefix, keys.bestsPrefix, keys.histogramPrefix, keys.hidden, keys.networkRowsPrefix];
}

/** The script's {rank per board, threshold per board} as an answer: all time's rank and threshold, and every rank. */
export function placed(reply: number[], periods: readonly Period[] = PERIODS): Placed {
  const ranks = Object.fromEntries(periods.map((period, i) => [period, reply[i] || null])) as Placed['ranks'];
  return { rank: ranks.all ?? null, threshold: reply[periods.length + periods.indexOf('all')] ?? 0, ranks };
}

/** The script's {rank per board, threshold per board, improved per board}: placed() and whether each board's best moved. */
export function placedAndImproved(reply: number[], periods: readonly Period[] = PERIODS): AddedEntry {
  const improved = Object.fromEntries(periods.map((period, i) => [period, reply[2 * periods.length + i] === 1])) as AddedEntry['improved'];
  return { ...placed(reply, periods), improved };
}

/**
 * Adds a player's entry to today's, this week's and the all time board, where it beats their
 * best (one row per player per board), trims each to its size and ranks the entry on each: one
 * script, one round trip. The quiz submits through submitSession
 * (lib/quiz), which runs the same steps; this is the boards on their own, for other games, the
 * tests and the bench. The entry counts for the periods holding `entry.date`; without a `player`
 * it stands for a player of its own (its id). `periods` other
 * than all three is the bench's baseline (the all time board alone, as before there were three).
 */
export async function addEntry(
  { player, ...entry }: Omit<BoardEntry, 'player'> & { player?: string },
  ctx: LeaderboardContext = defaultLeaderboardContext(),
  periods: readonly Period[] = PERIODS,
): Promise<AddedEntry> {
  const boards = boardsAt(ctx, entry.date, periods);
  const redis = withLeaderboardScripts(ctx.redis);
  const add = periods.length === PERIODS.length ? redis.addBoardEntry : redis.addEntryToOneBoard;
  const reply = await add.call(
    redis,
    ...boards.keys, ...boardWriteKeys(ctx),
    entry.id, player ?? entry.id, entry.name, entry.score, entry.date, ctx.size, ...boards.args,
  );
  return placedAndImproved(reply, periods);
}

function checkedLimit(limit: number, size: number): number {
  // ZRANGE 0 -1 would read the whole board: a limit out of range is a bug of the caller.
  if (!Number.isInteger(limit) || limit < 1 || limit > size) throw new RangeError(`limit must be 1 to ${size}`);
  return limit;
}

function toBoard(version: number, [threshold, entries]: [number, string[]], span: PeriodSpan, size: number): Board {
  return {
    version,
    threshold,
    size,
    span,
    entries: entries.map((json, i): RankedEntry => {
      const { id, player, name, score, date } = JSON.parse(json) as BoardEntry;
      // An entry stored before players had ids stands for a player of its own.
      return { id, player: player ?? id, name, score, date, rank: i + 1 };
    }),
  };
}

/** The best `limit` entries of the current `period`'s board (all of them when fewer), best first, in one round trip. */
export async function readTop(limit: number, ctx: LeaderboardContext = defaultLeaderboardContext(), period: Period = 'all'): Promise<Board> {
  const span = periodAt(period, ctx.now());
  const [version, top] = await withLeaderboardScripts(ctx.redis).readBoardTop(ctx.keys.version, ctx.keys.entryPrefix, ctx.keys.board(span), checkedLimit(limit, ctx.size), ctx.size);
  return toBoard(version, top, span, ctx.size);
}

/** The three current boards, whole, at one version (one script): what a page shows and keeps live. */
export async function readBoards(ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<Boards> {
  const spans = currentPeriods(ctx.now());
  const [version, ...tops] = await withLeaderboardScripts(ctx.redis).readBoards(
    ctx.keys.version, ctx.keys.entryPrefix, ...PERIODS.map((period) => ctx.keys.board(spans[period])), ctx.size, ctx.size,
  );
  return Object.fromEntries(PERIODS.map((period, i) => [period, toBoard(version, tops[i]!, spans[period], ctx.size)])) as Boards;
}

/** Moderation: takes an entry off every board it is on and deletes its string; NotFoundError when no board holds it. */
export async function removeEntry(id: string, ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<void> {
  const { keys } = ctx;
  const [removed] = await withLeaderboardScripts(ctx.redis).removeBoardEntry(
    keys.version, keys.changes, keys.entryPrefix, keys.boardPrefix, keys.networkRowsPrefix, id,
  );
  if (removed === 0) throw new NotFoundError('leaderboard entry');
}
