import { isCluster, type RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hidePlayer,
  readBoards,
  readTop,
  removeEntry,
  type LeaderboardChange,
  type LeaderboardContext,
} from '../../lib/leaderboard';
import { addEntry } from './entries';
import { periodAt, PERIODS } from '../../lib/leaderboard/periods';
import { answerQuestion, startSession, submitSession } from '../../lib/quiz';
import { acknowledgingClient } from '../../lib/redis/acknowledged';
import { connect, commandsSentBy, listenTo, type ChannelListener } from '../support';
import { boardContext } from './support';
import { rightChoice } from '../quiz/support';

const NOW = Date.now();
let redis: RedisClient;
let subscriber: ChannelListener;
let ctx: LeaderboardContext;

/** What was published on this test's boards since the last call. */
async function takePublished(): Promise<LeaderboardChange[]> {
  return (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
}

beforeAll(async () => {
  redis = await connect();
  // ioredis sends a script's body (EVAL) the first time it runs on a connection, EVALSHA after.
  const warmUp = boardContext(redis, 1);
  const session = await startSession('warm-player', warmUp);
  await answerQuestion(session.id, { questionId: session.question.id, choice: 0 }, warmUp);
  await submitSession(session.id, 'Warm', 'warm-player', warmUp);
  await addEntry({ id: 'warm', name: 'Warm', score: 1_000_000, date: NOW }, warmUp);
  await readTop(1, warmUp);
  await readBoards(warmUp);
  await removeEntry('warm', warmUp);
  await hidePlayer('warm-player', warmUp);
  ctx = boardContext(redis, 2);
  subscriber = await listenTo(redis, ctx.keys.changes);
});
afterAll(async () => {
  await subscriber.close();
  await redis.quit();
});

describe('every quiz and leaderboard operation is one EVALSHA; the boards publish only when they changed', () => {
  it('startSession, answerQuestion and submitSession', async () => {
    let session: Awaited<ReturnType<typeof startSession>> | undefined;
    const player = 'rt-player';
    expect(await commandsSentBy(redis, async () => (session = await startSession(player, ctx)))).toEqual(['evalsha']);
    const { id, question } = session!;
    // Right: the board's last place then scores more than the 0 of the submit that ranks nowhere below.
    expect(
      await commandsSentBy(redis, () =>
        answerQuestion(id, { questionId: question.id, choice: rightChoice(question) }, ctx),
      ),
    ).toEqual(['evalsha']);
    // A second start by the same player ends the first in the same one script.
    expect(await commandsSentBy(redis, () => startSession(player, boardContext(redis, 2)))).toEqual(['evalsha']);
    // On a cluster the submit waits for a replica: WAIT pipelined behind the script, one round
    // trip, on the client kept for acknowledged writes (lib/redis/acknowledged.ts), not the shared one.
    if (isCluster(redis)) {
      const acknowledging = acknowledgingClient(redis);
      let own: string[] = [];
      const shared = await commandsSentBy(
        redis,
        async () =>
          void (own = await commandsSentBy(acknowledging, () => submitSession(id, 'Quiz player', 'rt-player', ctx))),
      );
      expect([shared, own]).toEqual([[], ['evalsha', 'wait']]);
    } else {
      expect(await commandsSentBy(redis, () => submitSession(id, 'Quiz player', 'rt-player', ctx))).toEqual([
        'evalsha',
      ]);
    }
    const [change] = await takePublished();
    expect(change).toMatchObject({
      type: 'entry-added',
      version: 1,
      entry: { id, player: 'rt-player', name: 'Quiz player' },
      boards: { all: { id: 'all', rank: 1, threshold: 0 } },
    });
  });

  it('a submit that takes a row publishes it; one that ranks on no board publishes nothing', async () => {
    await addEntry({ id: 'rt-high', name: 'High', score: 5_000, date: NOW }, ctx);
    const [change] = await takePublished();
    expect(change).toEqual({
      type: 'entry-added',
      version: 2,
      entry: { id: 'rt-high', player: 'rt-high', name: 'High', score: 5_000, date: NOW },
      boards: Object.fromEntries(
        PERIODS.map((period) => [
          period,
          {
            id: periodAt(period, NOW).id,
            rank: 1,
            listed: true,
            threshold: expect.any(Number),
            lastPlacePlayers: expect.any(Number),
          },
        ]),
      ),
    });
    await addEntry({ id: 'rt-low', name: 'Low', score: 0, date: NOW }, ctx);
    expect(await takePublished()).toEqual([]);
  });

  it('readTop and readBoards, which publish nothing', async () => {
    expect(await commandsSentBy(redis, () => readTop(ctx.size, ctx))).toEqual(['evalsha']);
    expect(await commandsSentBy(redis, () => readBoards(ctx))).toEqual(['evalsha']);
    expect(await takePublished()).toEqual([]);
  });

  it('removeEntry, once', async () => {
    expect(await commandsSentBy(redis, () => removeEntry('rt-high', ctx))).toEqual(['evalsha']);
    expect(await takePublished()).toEqual([{ type: 'entry-removed', version: 3, id: 'rt-high' }]);
  });

  it('hidePlayer, once: one EVALSHA over every board that may still exist', async () => {
    expect(await commandsSentBy(redis, () => hidePlayer('rt-player', ctx))).toEqual(['evalsha']);
    expect(await takePublished()).toMatchObject([{ type: 'player-hidden', version: 4, player: 'rt-player' }]);
  });
});
