export { addEntry, hidePlayer, readBoards, readTop, removeEntry } from './board';
export { BOARD_SIZE, boardKeys, type BoardKeys } from './keys';
export { entryIdSchema, playerIdSchema } from './schemas';
export { currentPeriods, isPeriod, periodAt, PERIOD_LABELS, PERIODS, type Period, type PeriodSpan } from './periods';
export { defaultLeaderboardContext, type LeaderboardContext } from './context';
export type { AddedEntry, Board, BoardEntry, Boards, LeaderboardChange, Placement, RankedEntry } from './types';
