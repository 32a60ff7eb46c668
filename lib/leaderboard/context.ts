import { limitPoints } from '../limits/address-limits';
import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { BOARD_SIZE, boardKeys, type BoardKeys } from './keys';

/** What leaderboard and quiz operations need. Tests pass their own client, board and clock. */
export type LeaderboardContext = {
  redis: RedisClient;
  keys: BoardKeys;
  size: number;
  now: () => number;
  /** Rows one network may hold on each board (network-rows.lua); absent or 0: no cap. */
  rowsPerNetwork?: number;
};

export function defaultLeaderboardContext(): LeaderboardContext {
  return {
    redis: getRedis(),
    keys: boardKeys(),
    size: BOARD_SIZE,
    now: Date.now,
    rowsPerNetwork: limitPoints('rows-per-network'),
  };
}
