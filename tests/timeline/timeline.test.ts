import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_SLACK, type TimelineLimits, type TimelineRef } from '../../lib/timeline/config';
import { pushEntry, pushId, readHydrated, readPage, removeEntry, type StoredEntry } from '../../lib/timeline/timeline';
import { connect } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const N = 100;
const limits = (cap = N): TimelineLimits => ({ cap, slack: TIMELINE_SLACK, ttlMs: 60_000 });

function freshTimeline(): TimelineRef {
  const tag = `{timeline:${randomBytes(5).toString('hex')}}`;
  return { list: `${tag}:list`, seqHash: `${tag}:owner`, seqField: 'seq' };
}

const parse = ([seq, label]: StoredEntry) => ({ seq, label: String(label) });
const seqsOf = async (ref: TimelineRef) =>
  (await redis.lrange(ref.list, 0, -1)).map((json) => (JSON.parse(json) as StoredEntry)[0]);

/** Pages through the whole timeline, calling `between` after each page. */
async function readAll(ref: TimelineRef, between: () => Promise<void>) {
  const seen: { seq: number; label: string }[] = [];
  let before: number | undefined;
  for (let pages = 0; pages < 1_000; pages++) {
    const page = (await readPage(redis, ref, { limit: 10, before }, parse))!;
    seen.push(...page.items);
    if (page.nextCursor === null) return seen;
    before = page.nextCursor;
    await between();
  }
  throw new Error('paging never ended');
}

describe('a capped timeline with trim hysteresis', () => {
  it(`keeps between ${N} and ${N + TIMELINE_SLACK - 1} entries over 1,000 pushes, trimming only when LPUSH answers ${N + TIMELINE_SLACK}`, async () => {
    const ref = freshTimeline();
    const lengths: number[] = [];
    for (let i = 1; i <= 1_000; i++) {
      expect(await pushEntry(redis, ref, ['entry', i], limits())).toBe(i);
      lengths.push(await redis.llen(ref.list));
    }
    // Grows one by one to N + 9; the push that makes it N + 10 cuts it back to N, and so on.
    lengths.forEach((length, i) => {
      const pushes = i + 1;
      const expected = pushes < N + TIMELINE_SLACK ? pushes : N + ((pushes - N) % TIMELINE_SLACK);
      expect(length, `after push ${pushes}`).toBe(expected);
    });
    expect(Math.max(...lengths)).toBe(N + TIMELINE_SLACK - 1);
    expect(Math.min(...lengths.slice(N - 1))).toBe(N);
    const trims = lengths.filter((length, i) => i > 0 && length < lengths[i - 1]!).length;
    expect(trims).toBe((1_000 - N) / TIMELINE_SLACK);
    // Newest first, and what is kept is exactly the latest entries.
    expect(await seqsOf(ref)).toEqual(Array.from({ length: N }, (_, i) => 1_000 - i));
  });

  it('reads newest first and pages by cursor to the end', async () => {
    const ref = freshTimeline();
    for (let i = 1; i <= 25; i++) await pushEntry(redis, ref, [`item ${i}`], limits());
    const first = (await readPage(redis, ref, { limit: 10 }, parse))!;
    expect(first.items.map((entry) => entry.seq)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(first.items[0]!.label).toBe('item 25');
    expect(first.nextCursor).toBe(16);
    const last = (await readPage(redis, ref, { limit: 10, before: 6 }, parse))!;
    expect(last).toEqual({ items: [5, 4, 3, 2, 1].map((seq) => ({ seq, label: `item ${seq}` })), nextCursor: null });
    expect(await readPage(redis, ref, { limit: 10, before: 1 }, parse)).toEqual({ items: [], nextCursor: null });
  });

  it('returns every original entry exactly once while 50 new ones are pushed between pages', async () => {
    const ref = freshTimeline();
    const big = limits(2_000); // nothing original is trimmed while the pages are read
    for (let i = 1; i <= 200; i++) await pushEntry(redis, ref, ['original', i], big);
    let pushed = 0;
    const seen = await readAll(ref, async () => {
      for (let i = 0; i < 50; i++) await pushEntry(redis, ref, ['new', ++pushed], big);
    });
    expect(seen.map((entry) => entry.seq)).toEqual(Array.from({ length: 200 }, (_, i) => 200 - i));
    expect(seen.every((entry) => entry.label === 'original')).toBe(true);
    expect(pushed).toBe(19 * 50);
  });

  it('never repeats an entry when the oldest ones are trimmed while paging: the pages just end sooner', async () => {
    const ref = freshTimeline();
    for (let i = 1; i <= N; i++) await pushEntry(redis, ref, ['original', i], limits());
    const seen = await readAll(ref, async () => {
      for (let i = 0; i < 10; i++) await pushEntry(redis, ref, ['new', i], limits());
    });
    const seqs = seen.map((entry) => entry.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(seen.every((entry) => entry.label === 'original')).toBe(true);
  });

  it('removes the newest entry with the given leading fields, from the head, and nothing when none matches', async () => {
    const ref = freshTimeline();
    for (let i = 1; i <= 30; i++) await pushEntry(redis, ref, ['entry', `id-${i}`, 'details'], limits(20));
    expect(await removeEntry(redis, ref.list, ['entry', 'id-29'])).toBe(29);
    expect(await removeEntry(redis, ref.list, ['entry', 'id-29'])).toBeNull();
    expect(await removeEntry(redis, ref.list, ['entry', 'id-3'])).toBeNull(); // trimmed away long ago
    expect(await removeEntry(redis, ref.list, ['entry', 'id-2'])).toBeNull(); // 'id-2' is not 'id-21'…'id-28': whole fields only
    expect(await removeEntry(redis, ref.list, ['other', 'id-28'])).toBeNull();
    expect(await removeEntry(redis, ref.list, ['entry', 'id-12', 'details'])).toBe(12); // deep in the list
    expect(await seqsOf(ref)).toEqual([
      30,
      ...Array.from({ length: 18 }, (_, i) => 28 - i).filter((seq) => seq !== 12),
    ]);
    const page = (await readPage(redis, ref, { limit: 3, before: 31 }, parse))!;
    expect(page.items.map((entry) => entry.seq)).toEqual([30, 28, 27]);
  });

  it('reads nothing (null) once the hash holding the counter is gone', async () => {
    expect(await readPage(redis, freshTimeline(), { limit: 10 }, parse)).toBeNull();
  });

  it('sets and refreshes the TTL on every push', async () => {
    const ref = freshTimeline();
    await pushEntry(redis, ref, ['a'], limits());
    await redis.pexpire(ref.list, 1_000);
    await pushEntry(redis, ref, ['b'], limits());
    expect(await redis.pttl(ref.list)).toBeGreaterThan(59_000);
  });
});

describe('the normalized variant: ids in the list, events in their own hashes', () => {
  it('moves a repeated id to the head instead of listing it twice, and trims with hysteresis', async () => {
    const { list } = freshTimeline();
    for (const id of ['a', 'b', 'c', 'a', 'd', 'b']) await pushId(redis, list, id, limits(3));
    expect(await redis.lrange(list, 0, -1)).toEqual(['b', 'd', 'a', 'c']);
    for (let i = 0; i < 20; i++) await pushId(redis, list, `x${i}`, limits(3));
    const ids = await redis.lrange(list, 0, -1);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids.length).toBeLessThan(3 + TIMELINE_SLACK);
    expect(ids[0]).toBe('x19');
  });

  it('hydrates in one read and skips ids whose event was deleted or has expired', async () => {
    const { list } = freshTimeline();
    const prefix = `${list.slice(0, list.indexOf('}') + 1)}:event:`;
    for (const id of ['e1', 'e2', 'e3', 'e4', 'e5']) {
      await redis.hset(`${prefix}${id}`, { title: `Event ${id}` });
      await pushId(redis, list, id, limits());
    }
    await redis.del(`${prefix}e4`);
    await redis.pexpire(`${prefix}e2`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await readHydrated(redis, list, prefix, 10)).toEqual([
      { id: 'e5', fields: { title: 'Event e5' } },
      { id: 'e3', fields: { title: 'Event e3' } },
      { id: 'e1', fields: { title: 'Event e1' } },
    ]);
    // A page is filled from further down when ids above have gone.
    expect((await readHydrated(redis, list, prefix, 2)).map((event) => event.id)).toEqual(['e5', 'e3']);
  });
});
