import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureVisitorSecret,
  newVisitorCookie,
  PREVIOUS_SECRET_GRACE_MS,
  visitorFromCookies,
} from '../../lib/visitors/cookie';
import { uniqueAddress } from '../support';
import { seriesValue, startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/reliability.md, rotating VISITOR_SECRET: a cookie signed with VISITOR_SECRET_PREVIOUS
 * names its visitor and is signed anew until VISITOR_SECRET_PREVIOUS_UNTIL (at most a day
 * ahead), then names nobody; each one signed anew takes a point of the address's new-visitor budget.
 */
const VARIABLES = [
  'VISITOR_SECRET',
  'VISITOR_SECRET_PREVIOUS',
  'VISITOR_SECRET_PREVIOUS_UNTIL',
  'RATE_LIMIT_PER_MIN',
  'RATE_LIMIT_NEW_VISITORS_PER_HOUR',
  'TRUST_PROXY',
];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
afterAll(async () => app.close());

/** A cookie pair signed with the old secret. */
function oldCookie(): { pair: string; id: string } {
  process.env.VISITOR_SECRET = OLD;
  const { id, name, value } = newVisitorCookie(false);
  process.env.VISITOR_SECRET = NEW;
  return { pair: `${name}=${encodeURIComponent(value)}`, id };
}

const rotate = (until: Date) => {
  process.env.VISITOR_SECRET = NEW;
  process.env.VISITOR_SECRET_PREVIOUS = OLD;
  process.env.VISITOR_SECRET_PREVIOUS_UNTIL = until.toISOString();
};

/** The visitor cookie a page load from `address` was given, if any. */
async function pageCookie(address: string, cookie: string): Promise<string | undefined> {
  const response = await fetch(`${app.url}/projects/x`, {
    headers: { accept: 'text/html', 'x-forwarded-for': address, cookie },
  });
  await response.text();
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith('cp_vid='))
    ?.split(';')[0];
}

describe('rotating VISITOR_SECRET', () => {
  it('until VISITOR_SECRET_PREVIOUS_UNTIL an old cookie names its visitor and is signed anew; after it, nobody (and it is not signed anew)', async () => {
    process.env.TRUST_PROXY = '1';
    const { pair, id } = oldCookie();
    rotate(new Date(Date.now() + 60_000));
    expect(visitorFromCookies(pair)).toBe(id);
    const resigned = (await pageCookie(uniqueAddress(), pair))!;
    expect(resigned).not.toBe(pair);
    expect(visitorFromCookies(resigned)).toBe(id);
    process.env.VISITOR_SECRET_PREVIOUS_UNTIL = new Date(Date.now() - 1).toISOString();
    expect(visitorFromCookies(pair)).toBeUndefined();
    const given = (await pageCookie(uniqueAddress(), pair))!;
    expect(visitorFromCookies(given)).not.toBe(id);
    // The one signed anew is the new secret's own.
    expect(visitorFromCookies(resigned)).toBe(id);
  });

  it('each cookie signed anew takes a point of the new-visitor budget: past it, none is signed anew (the old one still counts)', async () => {
    process.env.TRUST_PROXY = '1';
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_NEW_VISITORS_PER_HOUR = '3';
    const cookies = Array.from({ length: 6 }, oldCookie);
    rotate(new Date(Date.now() + 60_000));
    const refusals = () => seriesValue('crowdpulse_rate_limit_refusals_total', { limit: 'new-visitor-ids' });
    const before = await refusals();
    const address = uniqueAddress();
    const given = [];
    for (const { pair } of cookies) given.push(await pageCookie(address, pair));
    expect(given.map((cookie) => cookie !== undefined)).toEqual([true, true, true, false, false, false]);
    expect(given.slice(0, 3).map((cookie) => visitorFromCookies(cookie))).toEqual(
      cookies.slice(0, 3).map(({ id }) => id),
    );
    expect(await refusals()).toBe(before + 3);
    expect(visitorFromCookies(cookies[5]!.pair)).toBe(cookies[5]!.id);
  });

  it('a secret gone bad while running (too short) costs a page its cookie, not the process', async () => {
    process.env.VISITOR_SECRET = 'short';
    const response = await fetch(`${app.url}/projects/x`, {
      headers: { accept: 'text/html', 'x-forwarded-for': uniqueAddress() },
    });
    await response.text();
    expect({ status: response.status, cookies: response.headers.getSetCookie() }).toEqual({ status: 200, cookies: [] });
    expect(app.crashes).toEqual([]);
  });

  it('VISITOR_SECRET_PREVIOUS_UNTIL: unset, a day from the start; more than a day ahead, or not a time, refused at start', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const env: Record<string, string | undefined> = { VISITOR_SECRET: NEW, VISITOR_SECRET_PREVIOUS: OLD };
    ensureVisitorSecret(env, now);
    expect(Date.parse(env.VISITOR_SECRET_PREVIOUS_UNTIL!)).toBe(now + PREVIOUS_SECRET_GRACE_MS);
    expect(() => ensureVisitorSecret({ ...env, VISITOR_SECRET_PREVIOUS_UNTIL: '2026-11-29T12:00:01Z' }, now)).toThrow(
      /at most a day ahead/,
    );
    expect(() => ensureVisitorSecret({ ...env, VISITOR_SECRET_PREVIOUS_UNTIL: 'tomorrow' }, now)).toThrow(/ISO 8601/);
    expect(() =>
      ensureVisitorSecret({ ...env, VISITOR_SECRET_PREVIOUS_UNTIL: '2026-11-28T20:00:00+01:00' }, now),
    ).not.toThrow();
  });
});
