import type { PeriodSpan } from './periods';

/** Entries on each board; a submitted quiz adds one to every board it beats the last place of. */
export const BOARD_SIZE = 100;

/**
 * Every key of the boards, quiz sessions and the change channel included, shares one hash tag,
 * so that submitting a quiz (mark the session, add to three boards, trim, rank, publish) is one
 * script in one slot on Redis Cluster. Tests pass their own name to get boards of their own.
 */
export function boardKeys(name = 'leaderboard') {
  const tag = `{${name}}`;
  const boardPrefix = `${tag}:board:`;
  return {
    tag,
    /** Sorted sets, one per period (`…:board:day:2026-11-23`, `…:board:week:2026-W48`, `…:board:all`): member (see board-order.lua) -> points. */
    boardPrefix,
    board: (span: PeriodSpan) => boardPrefix + boardSuffix(span),
    /** Counter: changes to the boards so far; orders equal scores and versions the live pushes. */
    version: `${tag}:version`,
    /** Prefix of the string keys holding each entry's JSON, shared by the boards it is on (entry-records.lua). */
    entryPrefix: `${tag}:session:`,
    entry: (id: string) => `${tag}:session:${id}`,
    /** Prefix of each board's hash of player -> `<best points>:<entry id>` (player-bests.lua), beside the board: `…:bests:all`. */
    bestsPrefix: `${tag}:bests:`,
    /** Prefix of each board's score histogram: hash of bucket (points // 100) -> players whose best is in it. */
    histogramPrefix: `${tag}:histogram:`,
    /** Prefix of each board's hash of points -> players whose best is exactly that: how many share a rank (player-bests.lua). */
    playersAtScorePrefix: `${tag}:players-at-score:`,
    /**
     * Prefix of the sorted sets of the rows each network holds on each board, `…:network-rows:<board suffix>:<network id>`:
     * member -> points, as on the board (network-rows.lua). Expire with their board.
     */
    networkRowsPrefix: `${tag}:network-rows:`,
    networkRows: (suffix: string, network: string) => `${tag}:network-rows:${suffix}:${network}`,
    /** Set of the public ids of hidden players: off every board, their submits kept off (hide-player.lua). */
    hidden: `${tag}:hidden-players`,
    /** Hash of a quiz session being played (lib/quiz), kept in the boards' slot. */
    quizSession: (id: string) => `${tag}:quiz:${id}`,
    /** Prefix of those hashes: start-session.lua ends a player's previous session through it. */
    quizSessionPrefix: `${tag}:quiz:`,
    /** String: the id of a player's (visitor's) open quiz session; starting another ends it. */
    openSession: (player: string) => `${tag}:open:${player}`,
    /** Sharded pub/sub channel (SPUBLISH) of every change to the boards; each app instance subscribes. */
    changes: `${tag}:changes`,
  };
}

export type BoardKeys = ReturnType<typeof boardKeys>;

/** A board's key after the prefix: `day:2026-11-23`, `week:2026-W48`, `all`. */
export function boardSuffix({ period, id }: PeriodSpan): string {
  return period === 'all' ? 'all' : `${period}:${id}`;
}

/** A public player id (lib/visitors/player.ts makes 16 URL-safe characters; other games their own). */
export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An entry id as a path names it: quiz session ids and other games' ids alike. */
export const ENTRY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
