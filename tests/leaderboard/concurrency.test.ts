import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTop } from '../../lib/leaderboard';
import { addEntry } from './entries';
import { connect } from '../support';
import { boardContext, boardKey, entryKeys } from './support';

const CONNECTIONS = 5;
let clients: RedisClient[];
beforeAll(async () => {
  clients = await Promise.all(Array.from({ length: CONNECTIONS }, connect));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

describe('concurrent submissions', () => {
  it('never leave more than 100 entries nor lose a score that belongs on the board', async () => {
    const [first] = clients;
    const ctx = boardContext(first!);
    // A full board of even scores; 50 racing odd scores, so the right board is known exactly.
    for (let i = 0; i < 100; i++) await addEntry({ id: `old${i}`, name: 'Old', score: 2 * i, date: Date.now() }, ctx);
    const racing = Array.from({ length: 50 }, (_, i) => ({
      id: `new${i}`,
      name: 'New',
      score: 4 * i + 1,
      date: Date.now(),
    }));

    const results = await Promise.all(
      racing.map((item, i) => addEntry(item, { ...ctx, redis: clients[i % CONNECTIONS]! })),
    );

    const everyone = [...Array.from({ length: 100 }, (_, i) => ({ id: `old${i}`, score: 2 * i })), ...racing];
    const expected = everyone.toSorted((a, b) => b.score - a.score).slice(0, 100);
    const board = await readTop(100, ctx);
    expect(board.entries.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(await first!.zcard(boardKey(ctx))).toBe(100);
    expect(await entryKeys(ctx)).toEqual(expected.map((row) => ctx.keys.entry(row.id)).toSorted());
    // Each racer that is on the board now was told it entered.
    const onBoard = new Set(board.entries.map((row) => row.id));
    racing.forEach((item, i) => {
      if (onBoard.has(item.id)) expect(results[i]!.rank).not.toBeNull();
    });
  });
});
