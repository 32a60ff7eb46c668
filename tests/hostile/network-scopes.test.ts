import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { takeFromAddress } from '../../lib/limits/address-limits';
import { limitKey, networkScopes } from '../../lib/limits/limit-key';
import type { RedisClient } from '../../lib/redis/client';
import { connect } from '../support';

/**
 * Issue 24, finding 4: one /48 holds 65,536 /64s. Every per-address rate counts an IPv6 address
 * at its /64, and also at its /56 (two /64s' budget) and /48 (four), so a /48 cannot buy more
 * than a few /64s' worth however many of its /64s it uses.
 */
let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));
afterEach(() => {
  delete process.env.RATE_LIMIT_QUIZ_STARTS_PER_HOUR;
  delete process.env.RATE_LIMIT_PER_MIN;
});

describe('the networks an address is counted in', () => {
  it('an IPv4 address alone; an IPv6 address at its /64, /56 and /48, narrowest first', () => {
    expect(networkScopes('192.0.2.7')).toEqual([{ key: '192.0.2.7', share: 1 }]);
    expect(networkScopes('::ffff:192.0.2.7')).toEqual([{ key: '192.0.2.7', share: 1 }]);
    expect(networkScopes('2001:db8:1234:56ab:1:2:3:4')).toEqual([
      { key: '2001:db8:1234:56ab::/64', share: 1 },
      { key: '2001:db8:1234:5600::/56', share: 2 },
      { key: '2001:db8:1234::/48', share: 4 },
    ]);
    expect(limitKey('2001:db8:1234:56ab:1:2:3:4')).toBe('2001:db8:1234:56ab::/64');
    expect(networkScopes('not an address')).toEqual([{ key: 'not an address', share: 1 }]);
  });
});

describe('per-address rates at /64, /56 and /48', () => {
  const site = () => `2001:db8:${randomBytes(2).toString('hex')}`;
  const take = (address: string) => takeFromAddress('quiz-starts', address, redis);

  it('with 2 quiz starts per /64: one /64 gets 2, a /56 4 across its /64s, a /48 8 across its /56s', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_QUIZ_STARTS_PER_HOUR = '2';
    const oneSlash64 = `${site()}:1::`;
    // One after the other: taken at once, which of the three is refused would be the race's choice.
    const firstThree = [];
    for (const i of [1, 2, 3]) firstThree.push(await take(`${oneSlash64}${i}`));
    expect(firstThree).toEqual([undefined, undefined, expect.any(Number)]);

    // Ten /64s of one /56: four starts in all, whichever /64s ask.
    const slash56 = `${site()}:ab`;
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await take(`${slash56}${i.toString(16).padStart(2, '0')}::1`));
    expect(answers.filter((wait) => wait === undefined)).toHaveLength(4);
    expect(answers.slice(4).every((wait) => wait! >= 1)).toBe(true);

    // Twenty /64s, each in a /56 of its own, all in one /48: eight in all.
    const slash48 = site();
    const spread = [];
    for (let i = 0; i < 20; i++) spread.push(await take(`${slash48}:${(i * 256).toString(16)}::1`));
    expect(spread.filter((wait) => wait === undefined)).toHaveLength(8);
    // Another /48 has its own budget.
    expect(await take(`${site()}:1::1`)).toBeUndefined();
  });
});
