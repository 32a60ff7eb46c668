export { readBoards, readTop, removeEntry } from './board';
export { competitionRanks } from './ranks';
export { hidePlayer, readPlayerStanding } from './players';
export { BOARD_SIZE, boardKeys, type BoardKeys } from './keys';
export { entryIdSchema, playerIdSchema } from './schemas';
export { currentPeriods, isPeriod, periodAt, PERIOD_LABELS, PERIODS, type Period, type PeriodSpan } from './periods';
export { defaultLeaderboardContext, type LeaderboardContext } from './context';
export type {
  AddedEntry,
  Board,
  BoardEntry,
  Boards,
  BoardStanding,
  PlayerStanding,
  LeaderboardChange,
  Placement,
  RankedEntry,
} from './types';
