import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as hide, GET as standing } from '../../app/api/leaderboard/players/[player]/route';
import { POST as submit } from '../../app/api/quiz/sessions/[id]/submit/route';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import {
  defaultLeaderboardContext,
  readBoards,
  type LeaderboardContext,
  type PlayerStanding,
} from '../../lib/leaderboard';
import { startSession } from '../../lib/quiz';
import type { SubmitResult } from '../../lib/quiz/types';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { ensureVisitorSecret, newVisitorCookie, VISITOR_COOKIE } from '../../lib/visitors/cookie';
import { networkIdOf, playerIdOf } from '../../lib/visitors/player';
import { keysMatching, useTestRedisForTheApp } from '../support';
import { newPlayer } from './support';

let ctx: LeaderboardContext;
beforeAll(async () => {
  useTestRedisForTheApp();
  ensureVisitorSecret();
  process.env.ADMIN_TOKEN ||= 'test-admin-token';
  await waitUntilReady(getRedis());
  ctx = defaultLeaderboardContext();
});
afterAll(async () => {
  await closeRedis();
});

/** A session `visitor` started (as the start route does, under their public id) and the server counted `score` for, on the app's own boards. */
async function sessionScoring(score: number, visitor = newPlayer()): Promise<string> {
  const { id } = await startSession(playerIdOf(visitor), ctx);
  await ctx.redis.hset(ctx.keys.quizSession(id), 'score', score);
  return id;
}

/** The submit route, called as Next calls it, from one address (a made-up one of its own by default). */
function post(id: string, name: string, cookie?: string, address = `test-${randomBytes(4).toString('hex')}`) {
  const headers: Record<string, string> = { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: address };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`http://localhost/api/quiz/sessions/${id}/submit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name }),
  });
  return submit(request, { params: Promise.resolve({ id }) });
}

describe('POST /api/quiz/sessions/:id/submit: the player is the visitor cookie', () => {
  it('one cookie jar submitting three sessions holds one row per board, its best, under an id that is not the cookie', async () => {
    const { id: visitor, value } = newVisitorCookie(false);
    const jar = `${VISITOR_COOKIE}=${encodeURIComponent(value)}`;
    const results: SubmitResult[] = [];
    for (const [score, name] of [
      [6_001, 'Jar'],
      [2_001, 'Jar'],
      [8_001, 'Jar, better'],
    ] as const) {
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
      expect(board.entries.filter((row) => row.player === player).map((row) => [row.name, row.score])).toEqual([
        ['Jar, better', 8_001],
      ]);
    }
    const response = await standing(new Request(`http://localhost/api/leaderboard/players/${player}`), {
      params: Promise.resolve({ player }),
    });
    const { boards: standings } = (await response.json()) as PlayerStanding;
    for (const period of ['day', 'week', 'all'] as const)
      expect(standings[period]).toMatchObject({ best: 8_001, rank: expect.any(Number) });
    const unknown = await standing(new Request('http://localhost/api/leaderboard/players/..'), {
      params: Promise.resolve({ player: '..' }),
    });
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

  it("by another visitor than the session's player is a 403 that writes nothing; its own player's submit then goes through", async () => {
    const owner = newVisitorCookie(false);
    const id = await sessionScoring(9_321, owner.id);
    const before = await ctx.redis.hgetall(ctx.keys.quizSession(id));
    const version = await ctx.redis.get(ctx.keys.version);
    const stranger = newVisitorCookie(false);
    const response = await post(id, 'Not mine', `${VISITOR_COOKIE}=${encodeURIComponent(stranger.value)}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'not_your_session' } });
    expect(await ctx.redis.hgetall(ctx.keys.quizSession(id))).toEqual(before);
    expect(await ctx.redis.exists(ctx.keys.entry(id))).toBe(0);
    expect(await ctx.redis.get(ctx.keys.version)).toBe(version);
    const own = await post(id, 'Mine', `${VISITOR_COOKIE}=${encodeURIComponent(owner.value)}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ score: 9_321, player: playerIdOf(owner.id) });
  });
});

describe('DELETE /api/leaderboard/players/:player (admin)', () => {
  const call = (player: string, token?: string) =>
    hide(
      new Request(`http://localhost/api/leaderboard/players/${player}`, {
        method: 'DELETE',
        headers: {
          [CLIENT_ADDRESS_HEADER]: `test-${randomBytes(4).toString('hex')}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      }),
      { params: Promise.resolve({ player }) },
    );

  it('hides a player off every board, for the admin alone; a later submit of theirs stays off', async () => {
    const { id: visitor, value } = newVisitorCookie(false);
    const jar = `${VISITOR_COOKIE}=${encodeURIComponent(value)}`;
    expect((await post(await sessionScoring(7_777, visitor), 'To hide', jar)).status).toBe(200);
    const player = playerIdOf(visitor);
    expect((await call(player)).status).toBe(401);
    expect((await call('not a player id!', process.env.ADMIN_TOKEN)).status).toBe(404);
    const hidden = await call(player, process.env.ADMIN_TOKEN);
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ player, removed: 3 });
    const later = (await (await post(await sessionScoring(7_900, visitor), 'Back again', jar)).json()) as SubmitResult;
    expect(later.ranks).toEqual({ day: null, week: null, all: null });
    for (const board of Object.values(await readBoards(ctx)))
      expect(board.entries.filter((row) => row.player === player)).toEqual([]);
  });
});

describe('POST /api/quiz/sessions/:id/submit: at most LEADERBOARD_ROWS_PER_NETWORK rows per board from one network', () => {
  /** A /64 of the documentation prefix no other test uses. */
  const newSlash64 = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

  /** Six players (a cookie each, or `count`) submit from `addresses` in turn; answers how many rows they hold on each board. */
  async function sixPlayersFrom(addresses: string[], count = 6) {
    const players: string[] = [];
    for (let i = 0; i < count; i++) {
      const { id: visitor, value } = newVisitorCookie(false);
      const response = await post(
        await sessionScoring(9_900 + i, visitor),
        `Class ${i}`,
        `${VISITOR_COOKIE}=${encodeURIComponent(value)}`,
        addresses[i % addresses.length],
      );
      expect(response.status).toBe(200);
      players.push(playerIdOf(visitor));
    }
    const boards = await readBoards(ctx);
    return Object.values(boards).map((board) => board.entries.filter((row) => players.includes(row.player)).length);
  }

  async function withSettings<T>(settings: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
    const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
    const apply = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };
    apply(settings);
    try {
      return await run();
    } finally {
      apply(before);
    }
  }

  it('six players from addresses of one IPv6 /64 hold 5 rows per board (the default); the network is stored keyed-hashed', async () => {
    const net = newSlash64();
    expect(networkIdOf(`${net}::1`)).toBe(networkIdOf(`${net}:ffff:1:2:3`));
    expect(networkIdOf(`${net}::1`)).not.toBe(networkIdOf(`${newSlash64()}::1`));
    expect(networkIdOf(`${net}::1`)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const rows = await withSettings({ RATE_LIMIT_PER_MIN: '120', LEADERBOARD_ROWS_PER_NETWORK: undefined }, () =>
      sixPlayersFrom([`${net}::1`, `${net}:ffff:1:2:3`, `${net}:abcd::42`]),
    );
    expect(rows).toEqual([5, 5, 5]);
    const keys = await keysMatching(ctx.redis, `${ctx.keys.networkRowsPrefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.join(' ')).not.toContain('2001:db8');
  });

  it("a /48 holds at most four /64s' worth of rows (20 per board), a /56 two (10), however many /64s it uses", async () => {
    const site = `2001:db8:${randomBytes(2).toString('hex')}`;
    // 25 players, each from a /64 of its own, each in a /56 of its own, all in one /48.
    const spread = Array.from({ length: 25 }, (_, i) => `${site}:${(i * 256).toString(16)}::1`);
    expect(
      await withSettings({ RATE_LIMIT_PER_MIN: '120', LEADERBOARD_ROWS_PER_NETWORK: undefined }, () =>
        sixPlayersFrom(spread, 25),
      ),
    ).toEqual([20, 20, 20]);
    // 12 players, each from a /64 of its own, all in one /56 (of another /48).
    const home = `2001:db8:${randomBytes(2).toString('hex')}:ab`;
    const inOneSlash56 = Array.from({ length: 12 }, (_, i) => `${home}${i.toString(16).padStart(2, '0')}::1`);
    expect(
      await withSettings({ RATE_LIMIT_PER_MIN: '120', LEADERBOARD_ROWS_PER_NETWORK: undefined }, () =>
        sixPlayersFrom(inOneSlash56, 12),
      ),
    ).toEqual([10, 10, 10]);
  });

  it('two /64s are two networks; RATE_LIMIT_PER_MIN=0 or LEADERBOARD_ROWS_PER_NETWORK=0 turns the cap off', async () => {
    const [one, two] = [newSlash64(), newSlash64()];
    expect(await withSettings({ RATE_LIMIT_PER_MIN: '120' }, () => sixPlayersFrom([`${one}::1`, `${two}::1`]))).toEqual(
      [6, 6, 6],
    );
    expect(await withSettings({ RATE_LIMIT_PER_MIN: '0' }, () => sixPlayersFrom([`${newSlash64()}::1`]))).toEqual([
      6, 6, 6,
    ]);
    expect(
      await withSettings({ RATE_LIMIT_PER_MIN: '120', LEADERBOARD_ROWS_PER_NETWORK: '0' }, () =>
        sixPlayersFrom([`${newSlash64()}::1`]),
      ),
    ).toEqual([6, 6, 6]);
  });
});
