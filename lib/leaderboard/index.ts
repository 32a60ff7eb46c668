export { addEntry, readTop } from './board';
export { BOARD_SIZE, boardKeys, type BoardKeys } from './keys';
export { defaultLeaderboardContext, type LeaderboardContext } from './context';
export type { AddedEntry, Board, BoardEntry, LeaderboardChange, RankedEntry } from './types';
