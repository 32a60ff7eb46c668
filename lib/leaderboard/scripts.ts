import { defineScript } from '../redis/script';

/** The leaderboard's scripts (lib/leaderboard/lua/), each declared once: its keys and arguments by name. */

type BoardTop = [threshold: number, lastPlacePlayers: number, entries: string[]];
type BoardStandingReply = [best: number, rank: number, above: number, inBucket: number, players: number];

/** The keys of every write to the boards, named as LeaderboardKeys names them: add-to-boards.lua's, hide-player.lua's. */
export const BOARD_WRITE_KEYS = [
  'version',
  'changes',
  'entryPrefix',
  'boardPrefix',
  'bestsPrefix',
  'histogramPrefix',
  'hidden',
  'networkRowsPrefix',
  'playersAtScorePrefix',
] as const;

/** One board (the API) or all three (a page), with their version. */
export const readBoardTops = defineScript({
  file: 'leaderboard/lua/read-top.lua',
  keys: ['version', 'entryPrefix', 'playersAtScorePrefix', '...boards'],
  args: ['limit', 'size', '...suffixes'],
  readOnly: true,
  reply: ([version, ...tops]: [number, ...BoardTop[]]) => ({ version, tops }),
});

export const removeBoardEntry = defineScript({
  file: 'leaderboard/lua/remove-board-entry.lua',
  keys: ['version', 'changes', 'entryPrefix', 'boardPrefix', 'networkRowsPrefix'],
  args: ['id'],
  reply: ([removed, version]: [0 | 1, number]) => ({ removed: removed === 1, version }),
});

export const hideBoardPlayer = defineScript({
  file: 'leaderboard/lua/hide-player.lua',
  keys: BOARD_WRITE_KEYS,
  args: ['player', '...suffixes'],
  reply: ([removed, version]: [number, number]) => ({ removed, version }),
});

export const readBoardPlayer = defineScript({
  file: 'leaderboard/lua/read-player.lua',
  keys: ['entryPrefix', 'boardPrefix', 'bestsPrefix', 'histogramPrefix', 'hidden'],
  args: ['player', 'size', '...suffixes'],
  readOnly: true,
  reply: ([hidden, ...boards]: [0 | 1, ...BoardStandingReply[]]) => ({ hidden: hidden === 1, boards }),
});
