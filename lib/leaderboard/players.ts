import { hideBoardPlayer, readBoardPlayer } from './scripts';
import { defaultLeaderboardContext, type LeaderboardContext } from './context';
import { boardSuffix } from './keys';
import { currentPeriods, periodAt, PERIODS } from './periods';
import type { BoardStanding, PlayerStanding } from './types';

/** The key suffixes of every board that may still exist at `time`: the current ones, and those of earlier periods Redis has not expired yet. */
export function liveBoardSuffixes(time: number): string[] {
  const suffixes = ['all'];
  for (const period of ['day', 'week'] as const) {
    for (let span = periodAt(period, time); (span.expiresAt ?? 0) > time; span = periodAt(period, span.startsAt - 1))
      suffixes.push(boardSuffix(span));
  }
  return suffixes;
}

/**
 * Moderation, as Google Play Games' players.hide: takes every row of `player` off every board,
 * out of the histograms, and keeps their later submits off (one script); open boards drop the
 * rows live. Answers how many rows it removed (0 when the player held none: hidden all the same).
 */
export async function hidePlayer(
  player: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
): Promise<number> {
  const { removed } = await hideBoardPlayer.run(ctx.redis, ctx.keys, {
    player,
    suffixes: liveBoardSuffixes(ctx.now()),
  });
  return removed;
}

function boardStanding([best, rank, above, inBucket, players]: number[]): BoardStanding {
  if (best === undefined || best < 0)
    return { best: null, rank: null, approximateRank: null, players: players ?? 0, betterThan: null };
  const below = players! - above! - inBucket!;
  return {
    best,
    rank: rank || null,
    approximateRank: { from: above! + 1, to: above! + inBucket! },
    players: players!,
    betterThan: Math.floor((100 * below) / players!),
  };
}

/**
 * Where `player` stands on today's, this week's and the all time board (one read-only script):
 * their best, their exact rank on a board that holds their row, and for any player, on the
 * board or far below it, a rank between two bounds and a percentile from the board's histogram.
 */
export async function readPlayerStanding(
  player: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
): Promise<PlayerStanding> {
  const { keys } = ctx;
  const spans = currentPeriods(ctx.now());
  const { hidden, boards } = await readBoardPlayer.run(ctx.redis, keys, {
    player,
    size: ctx.size,
    suffixes: PERIODS.map((period) => boardSuffix(spans[period])),
  });
  return {
    player,
    hidden,
    boards: Object.fromEntries(
      PERIODS.map((period, i) => [period, boardStanding(boards[i]!)]),
    ) as PlayerStanding['boards'],
  };
}
