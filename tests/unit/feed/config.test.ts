import { describe, expect, it } from 'vitest';
import { DAY_MS, feedConfigFromEnv } from '../../../lib/feed/config';
import { visitorCookieMaxAgeSeconds } from '../../../lib/visitors/cookie';

describe('feed configuration', () => {
  it('defaults: FANOUT_MAX_FOLLOWERS 10,000, FEED_IDLE_DAYS 14, FOLLOWS_PER_VISITOR 200, follows kept a year, 200 entries per feed trimmed at 210', () => {
    expect(feedConfigFromEnv({})).toEqual({
      fanoutMaxFollowers: 10_000,
      idleMs: 14 * DAY_MS,
      cap: 200,
      slack: 10,
      entryTtlMs: 30 * DAY_MS,
      maxFollows: 200,
      followsTtlMs: 365 * DAY_MS,
    });
    expect(
      feedConfigFromEnv({ FANOUT_MAX_FOLLOWERS: '500', FEED_IDLE_DAYS: '2', FOLLOWS_PER_VISITOR: '3' }),
    ).toMatchObject({ fanoutMaxFollowers: 500, idleMs: 2 * DAY_MS, maxFollows: 3 });
  });

  it('refuses a mistyped setting (checked at start by lib/server/runtime.ts)', () => {
    expect(() => feedConfigFromEnv({ FANOUT_MAX_FOLLOWERS: 'many' })).toThrow();
    expect(() => feedConfigFromEnv({ FEED_IDLE_DAYS: '-1' })).toThrow();
    expect(() => feedConfigFromEnv({ FOLLOWS_PER_VISITOR: '0' })).toThrow();
  });

  it("a visitor's follows are kept as long as their cookie lives", () => {
    expect(feedConfigFromEnv({}).followsTtlMs).toBe(visitorCookieMaxAgeSeconds * 1000);
  });
});
