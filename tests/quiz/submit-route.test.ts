import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as hide, GET as standing } from '../../app/api/leaderboard/players/[player]/route';
import { POST as submit } from '../../app/api/quiz/sessions/[id]/submit/route';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { defaultLeaderboardContext, readBoards, type LeaderboardContext, type PlayerStanding } from '../../lib/leaderboard';
import { startSession } from '../../lib/quiz';
import type { SubmitResult } from '../../lib/quiz/types';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { ensureVisitorSecret, newVisitorCookie, VISITOR_COOKIE } from '../../lib/visitors/cookie';
import { playerIdOf } from '../../lib/visitors/player';
import { testConnection } from '../support';
import { newPlayer } from './support';

let ctx: LeaderboardContext;
beforeAll(async () => {
  const connection = testConnection();
  if (connection.mode === 'single') process.env.REDIS_URL = connection.url;
  else process.env.REDIS_CLUSTER_NODES = connection.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
  ensureVisitorSecret();
  process.env.ADMIN_TOKEN ||= 'test-admin-token';
  await waitUntilReady(getRedis());
  ctx = defaultLeaderboardContext();
});
afterAll(async () => {
  await closeRedis();
});

/** A session `visitor` started and the server counted `score` for, on the app's own boards. */
async function sessionScoring(score: number, visitor = newPlayer()): Promise<string> {
  const { id } = await startSession(visitor, ctx);
  await ctx.redis.hset(ctx.keys.quizSession(id), 'score', score);
  return id;
}

/** The submit route, called as Next calls it, from one address. */
function post(id: string, name: string, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: `test-${randomBytes(4).toString('hex')}` };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`http://localhost/api/quiz/sessions/${id}/submit`, { method: 'POST', headers, body: JSON.stringify({ name }) });
  return submit(request, { params: Promise.resolve({ id }) });
}

describe('POST /api/quiz/sessions/:id/submit: the player is the visitor cookie', () => {
  it('one cookie jar submitting three sessions holds one row per board, its best, under an id that is not the cookie', async () => {
    const { id: visitor, value } = newVisitorCookie(false);
    const jar = `${VISITOR_COOKIE}=${encodeURIComponent(value)}`;
    const results: SubmitResult[] = [];
    for (const [score, name] of [[6_001, 'Jar'], [2_001, 'Jar'], [8_001, 'Jar, better']] as const) {
      const response = await post(await sessionScoring(score, visitor), name, jar);
      expect(response.status).toBe(200);
      results.push((await response.json()) as SubmitResult);
    }
    const player = playerIdOf(visitor);
    expect(results.map((result) => result.player)).toEqual([player, player, player]);
    expect(player).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(value).not.toContain(player);
    expect(results.map((result) => result.improved.all)).toEqual([true, false, true]);
    const boards = await readBoards(ctx);
    for (const board of Object.values(boards)) {
      expect(board.entries.filter((row) => row.player === player).map((row) => [row.name, row.score])).toEqual([['Jar, better', 8_001]]);
    }
    const response = await standing(new Request(`http://localhost/api/leaderboard/players/${player}`), { params: Promise.resolve({ player }) });
    const { boards: standings } = (await response.json()) as PlayerStanding;
    for (const period of ['day', 'week', 'all'] as const) expect(standings[period]).toMatchObject({ best: 8_001, rank: expect.any(Number) });
    const unknown = await standing(new Request('http://localhost/api/leaderboard/players/..'), { params: Promise.resolve({ player: '..' }) });
    expect(unknown.status).toBe(404);
  });

  it('without a valid visitor cookie is a 403 that writes nothing', async () => {
    const forged = `${VISITOR_COOKIE}=${encodeURIComponent(`s:${randomBytes(16).toString('base64url')}.nosignature`)}`;
    for (const cookie of [undefined, forged, 'other=1']) {
      const id = await sessionScoring(9_999);
      const response = await post(id, 'Anonymous', cookie);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'no_player' } });
      expect(await ctx.redis.hexists(ctx.keys.quizSession(id), 'submitted')).toBe(0);
      expect(await ctx.redis.exists(ctx.keys.entry(id))).toBe(0);
    }
  });
});

describe('DELETE /api/leaderboard/players/:player (admin)', () => {
  const call = (player: string, token?: string) =>
    hide(new Request(`http://localhost/api/leaderboard/players/${player}`, {
      method: 'DELETE',
      headers: { [CLIENT_ADDRESS_HEADER]: `test-${randomBytes(4).toString('hex')}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }), { params: Promise.resolve({ player }) });

  it('hides a player off every board, for the admin alone; a later submit of theirs stays off', async () => {
    const { id: visitor, value } = newVisitorCookie(false);
    const jar = `${VISITOR_COOKIE}=${encodeURIComponent(value)}`;
    expect((await post(await sessionScoring(7_777), 'To hide', jar)).status).toBe(200);
    const player = playerIdOf(visitor);
    expect((await call(player)).status).toBe(401);
    expect((await call('not a player id!', process.env.ADMIN_TOKEN)).status).toBe(404);
    const hidden = await call(player, process.env.ADMIN_TOKEN);
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ player, removed: 3 });
    const later = (await (await post(await sessionScoring(7_900), 'Back again', jar)).json()) as SubmitResult;
    expect(later.ranks).toEqual({ day: null, week: null, all: null });
    for (const board of Object.values(await readBoards(ctx))) expect(board.entries.filter((row) => row.player === player)).toEqual([]);
  });
});
