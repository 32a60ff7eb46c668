import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { boardSuffix } from '../../lib/leaderboard/keys';
import { periodAt } from '../../lib/leaderboard/periods';
import type { RedisClient } from '../../lib/redis/client';
import { newPlayer } from '../quiz/support';
import { connect } from '../support';
import { addEntry } from './entries';
import { boardContext } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** Enough players that the hash is a hashtable, as the all time board's is with every player ever. */
const PLAYERS = 1_000;
const DATE = Date.parse('2030-01-08T12:00:00Z');

describe('what the all time board keeps for every player ever (docs/leaderboard.md, Limits)', () => {
  it('about 100 bytes a player: their best, as Redis counts it (MEMORY USAGE)', { timeout: 60_000 }, async () => {
    const ctx = boardContext(redis);
    const bests = `${ctx.keys.bestsPrefix}${boardSuffix(periodAt('all', DATE))}`;
    for (let batch = 0; batch < PLAYERS; batch += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          addEntry(
            { id: newId(), player: newPlayer(), name: `Player ${batch + i}`, score: 1 + batch + i, date: DATE },
            ctx,
          ),
        ),
      );
    // Past Redis' compact encoding (a listpack, up to hash-max-listpack-entries fields): what a large board costs.
    expect([await redis.hlen(bests), await redis.object('ENCODING', bests)]).toEqual([PLAYERS, 'hashtable']);
    const perPlayer = Number(await redis.call('MEMORY', 'USAGE', bests, 'SAMPLES', '0')) / PLAYERS;
    expect(perPlayer).toBeGreaterThan(80);
    expect(perPlayer).toBeLessThanOrEqual(120);
  });
});
