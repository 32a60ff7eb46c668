/** Entries on the board; a submitted quiz adds one. */
export const BOARD_SIZE = 100;

/**
 * Every key of a board, quiz sessions included, shares one hash tag, so that submitting a quiz
 * (mark the session, add, trim, rank) is one script in one slot on Redis Cluster. Tests pass
 * their own name to get a board of their own.
 */
export function boardKeys(name = 'leaderboard') {
  const tag = `{${name}}`;
  return {
    tag,
    /** Sorted set: entry member (see add-to-board.lua) -> points. */
    index: `${tag}:index`,
    /** Counter: changes to the board so far; orders equal scores and versions the live pushes. */
    version: `${tag}:version`,
    /** Sharded pub/sub channel (SPUBLISH) of every change to the board (an entry entering it). */
    changes: `${tag}:changes`,
    /** Prefix of the string keys holding each entry's JSON `{id, name, score, date}`. */
    entryPrefix: `${tag}:session:`,
    entry: (id: string) => `${tag}:session:${id}`,
    /** Hash of a quiz session being played (lib/quiz), kept in the board's slot. */
    quizSession: (id: string) => `${tag}:quiz:${id}`,
  };
}

export type BoardKeys = ReturnType<typeof boardKeys>;
