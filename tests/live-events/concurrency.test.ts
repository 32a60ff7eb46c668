import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { connect, createProject, liveContext, testClock } from '../support';

const CONNECTIONS = 4;
let clients: RedisClient[];
beforeAll(async () => {
  clients = await Promise.all(Array.from({ length: CONNECTIONS }, connect));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

describe('concurrent contributions', () => {
  it('count each of 50 ids once when 200 calls race over several connections', async () => {
    const [first] = clients;
    const slug = await createProject(first!, 7_000);
    const clock = testClock();
    const ids = Array.from({ length: 50 }, (_, i) => ({ id: `c${i}`, amount: 100 + i }));
    const calls = Array.from({ length: 200 }, (_, i) => {
      const { id, amount } = ids[i % ids.length]!;
      const ctx = liveContext(clients[i % CONNECTIONS]!, clock);
      return recordContribution(slug, { id, name: `Backer ${id}`, amount }, ctx);
    });

    const results = await Promise.all(calls);

    const sum = ids.reduce((total, { amount }) => total + amount, 0);
    expect(
      results
        .filter((result) => result.created)
        .map((result) => result.id)
        .toSorted(),
    ).toEqual(ids.map(({ id }) => id).toSorted());
    const snapshot = await readLiveSnapshot(slug, liveContext(first!, clock));
    expect(snapshot.contributions.count).toBe(50);
    expect(snapshot.raised).toBe(7_000 + sum);
    expect(Math.max(...results.map((result) => result.raised))).toBe(7_000 + sum);
    expect(await first!.hlen(liveEventKeys(slug).contributionDetails)).toBe(50);
  });
});
