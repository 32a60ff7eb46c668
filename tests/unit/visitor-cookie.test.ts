import { afterEach, describe, expect, it } from 'vitest';
import { newId, randomToken } from '../../lib/ids';
import { newVisitorCookie, readVisitorCookie } from '../../lib/visitors/cookie';

const saved = process.env.VISITOR_SECRET;
afterEach(() => {
  if (saved === undefined) delete process.env.VISITOR_SECRET;
  else process.env.VISITOR_SECRET = saved;
});

describe('a visitor cookie verified once (lib/visitors/cookie.ts keeps what it verified)', () => {
  it('names its visitor again; the same id with another signature, or under another secret, names nobody', () => {
    process.env.VISITOR_SECRET = 'a'.repeat(32);
    const { id, name, value } = newVisitorCookie(false);
    const header = `${name}=${encodeURIComponent(value)}`;
    expect(readVisitorCookie(header)).toEqual({ id, resign: false });
    expect(readVisitorCookie(header)).toEqual({ id, resign: false });

    const forged = `${name}=${encodeURIComponent(`${id}.${'A'.repeat(43)}`)}`;
    expect(readVisitorCookie(forged)).toBeUndefined();

    process.env.VISITOR_SECRET = 'b'.repeat(32);
    expect(readVisitorCookie(header)).toBeUndefined();
  });

  it('is kept by its whole Cookie header: other cookies beside it, a header too long to keep, a forgery beside a kept one', () => {
    process.env.VISITOR_SECRET = 'c'.repeat(32);
    const { id, name, value } = newVisitorCookie(false);
    const pair = `${name}=${encodeURIComponent(value)}`;
    const withLocale = `NEXT_LOCALE=de; ${pair}`;
    const long = `${pair}; padding=${'x'.repeat(600)}`;
    for (const header of [withLocale, withLocale, long, long])
      expect(readVisitorCookie(header)).toEqual({ id, resign: false });

    // The first pair of a name counts, as the cookie library reads it: a forgery before a kept pair names nobody.
    const forgedFirst = `${name}=${encodeURIComponent(`${id}.${'B'.repeat(43)}`)}; ${pair}`;
    expect(readVisitorCookie(forgedFirst)).toBeUndefined();
    expect(readVisitorCookie(`${pair}; ${name}=x`)).toEqual({ id, resign: false });
  });
});

describe('random ids (lib/ids.ts draws them from a block of the CSPRNG)', () => {
  it('never repeat across blocks, and have the length asked', () => {
    const ids = Array.from({ length: 2_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[\w-]{12}$/.test(id))).toBe(true);
    expect(randomToken(16)).toMatch(/^[\w-]{22}$/);
    expect(randomToken(5_000)).toHaveLength(Math.ceil((5_000 * 4) / 3));
  });
});
