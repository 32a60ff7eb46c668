import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as resume } from '../../app/api/quiz/sessions/[id]/route';
import { POST as answer } from '../../app/api/quiz/sessions/[id]/answers/route';
import { defaultLeaderboardContext, type LeaderboardContext } from '../../lib/leaderboard';
import { rightChoiceShown, startSession, type StartedSession } from '../../lib/quiz';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { ensureVisitorSecret, newVisitorCookie, VISITOR_COOKIE } from '../../lib/visitors/cookie';
import { playerIdOf } from '../../lib/visitors/player';
import { useTestRedisForTheApp } from '../support';

/**
 * docs/api.md, the quiz: a session's answers and its resume answer only to the cookie of the
 * player who started it; anyone else, and anyone for an id that does not exist, gets the same 403
 * and nothing is recorded. The routes called as Next calls them.
 */
let ctx: LeaderboardContext;
beforeAll(async () => {
  useTestRedisForTheApp();
  ensureVisitorSecret();
  await waitUntilReady(getRedis());
  ctx = defaultLeaderboardContext();
});
afterAll(async () => closeRedis());

const jar = () => {
  const { id, value } = newVisitorCookie(false);
  return { player: playerIdOf(id), cookie: `${VISITOR_COOKIE}=${encodeURIComponent(value)}` };
};

const params = (id: string) => ({ params: Promise.resolve({ id }) });
async function post(session: StartedSession | { id: string; question: StartedSession['question'] }, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const body = JSON.stringify({ questionId: session.question.id, choice: rightChoiceShown(session.question) });
  const response = await answer(
    new Request(`http://localhost/api/quiz/sessions/${session.id}/answers`, { method: 'POST', headers, body }),
    params(session.id),
  );
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}
async function get(id: string, cookie?: string) {
  const response = await resume(
    new Request(`http://localhost/api/quiz/sessions/${id}`, { headers: cookie ? { cookie } : {} }),
    params(id),
  );
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

describe('a quiz session answers to its player only', () => {
  it('another player, or no cookie, is refused (403) an answer and a resume, with the answer an unknown id gets; nothing is recorded', async () => {
    const owner = jar();
    const session = await startSession(owner.player, ctx);
    const stranger = jar();
    const unknown = { ...session, id: 'AAAAAAAAAAAA' };

    const foreign = await post(session, stranger.cookie);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error!.code).toBe('not_your_session');
    expect(await post(unknown, stranger.cookie)).toEqual(foreign);
    expect(await post(unknown, owner.cookie)).toEqual(foreign);
    expect((await post(session)).body.error!.code).toBe('no_player');
    expect(await get(session.id, stranger.cookie)).toEqual(foreign);
    expect(await get(unknown.id, stranger.cookie)).toEqual(foreign);
    expect((await get(session.id)).status).toBe(403);
    expect(await ctx.redis.hget(ctx.keys.quizSession(session.id), 'answered')).toBe('0');

    const own = await post(session, owner.cookie);
    expect(own.status).toBe(200);
    expect(await get(session.id, owner.cookie)).toMatchObject({
      status: 200,
      body: { id: session.id, answers: [expect.anything()] },
    });
  });
});
