import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteEntry } from '../../app/api/leaderboard/entries/[id]/route';
import { GET as metrics } from '../../app/api/metrics/route';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { uniqueAddress, uniqueSlug, useTestRedisForTheApp } from '../support';

/**
 * docs/reliability.md: every route taking a token (/api/metrics, the admin routes) counts failed
 * tokens per address (its /64, /56 and /48), RATE_LIMIT_FAILED_TOKENS_PER_HOUR, then answers 429
 * with Retry-After, to a right token too. The routes are called as Next calls them.
 */
const ADMIN = 'a'.repeat(24);
const BUDGET = 3;
const saved = { ...process.env };
beforeAll(async () => {
  useTestRedisForTheApp();
  await waitUntilReady(getRedis());
  process.env.ADMIN_TOKEN = ADMIN;
  process.env.RATE_LIMIT_PER_MIN = '1000';
  process.env.RATE_LIMIT_FAILED_TOKENS_PER_HOUR = String(BUDGET);
});
afterAll(async () => {
  for (const name of ['ADMIN_TOKEN', 'RATE_LIMIT_PER_MIN', 'RATE_LIMIT_FAILED_TOKENS_PER_HOUR']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await closeRedis();
});

const headers = (address: string, token?: string) => ({
  [CLIENT_ADDRESS_HEADER]: address,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const scrape = async (address: string, token?: string) => {
  const response = await metrics(new Request('http://localhost/api/metrics', { headers: headers(address, token) }), {
    params: Promise.resolve({}),
  });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
};
const remove = async (address: string, token?: string) => {
  const request = new Request(`http://localhost/api/leaderboard/entries/${uniqueSlug()}`, {
    method: 'DELETE',
    headers: headers(address, token),
  });
  const response = await deleteEntry(request, { params: Promise.resolve({ id: 'no-such-entry' }) });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
};

describe('failed tokens', () => {
  for (const [name, attempt] of [
    ['GET /api/metrics', scrape],
    ['an admin route (DELETE /api/leaderboard/entries/{id})', remove],
  ] as const) {
    it(`on ${name}: ${BUDGET} wrong or missing tokens answer 401, then 429 with Retry-After to any token from that address, not to others`, async () => {
      const address = uniqueAddress();
      const answers = [await attempt(address), await attempt(address, 'wrong'), await attempt(address, `${ADMIN}x`)];
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
      const refused = await attempt(address, 'wrong again');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect((await attempt(address, ADMIN)).status).toBe(429);
      expect((await attempt(uniqueAddress(), ADMIN)).status).not.toBe(429);
    });
  }

  it('are counted per /48 too: wrong tokens from new /64s of one /48 meet 429 after four /64s’ worth', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4 * BUDGET + 2; i++)
      statuses.push((await scrape(`${network}:${i.toString(16)}00::1`, 'wrong')).status);
    expect(statuses.slice(0, 4 * BUDGET).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(4 * BUDGET)).toEqual([429, 429]);
  });
});
