import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, readFeed } from '../../lib/feed';
import { projectFeedKeys, visitorFeedKeys } from '../../lib/feed/keys';
import { configuredFeed } from '../../lib/feed/config';
import type { FeedChange } from '../../lib/feed/schemas';
import { publishNews, recordContribution, unpublishNews } from '../../lib/live-events';
import type { FeedWatchReply } from '../../lib/realtime/events';
import type { RedisClient } from '../../lib/redis/client';
import { visitorFromCookies } from '../../lib/visitors/cookie';
import { createProject } from '../support';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';

let app: InProcessApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startInProcessApp();
});
afterAll(async () => app.close());

describe('feed:watch', () => {
  it('answers the first page, then pushes new entries, the backers count moving in place, and removals', async () => {
    const slug = await createProject(app.redis);
    const cookie = (await app.pageCookie())!;
    const visitor = visitorFromCookies(cookie)!;
    await follow({ redis: app.redis, config: configuredFeed(), now: Date.now }, visitor, slug);
    const socket = await app.open({ headers: { cookie } });
    const changes: FeedChange[] = [];
    socket.on('feed:change', (change) => changes.push(change));
    try {
      const reply = (await socket.timeout(5_000).emitWithAck('feed:watch')) as FeedWatchReply;
      expect(reply).toMatchObject({ ok: true, page: { entries: [], nextCursor: null } });

      await recordContribution(slug, { name: 'Ada', amount: 10 });
      await recordContribution(slug, { name: 'Bo', amount: 10 });
      await publishNews(slug, { id: 'live', title: 'Live news', url: 'https://example.com/l' });
      await unpublishNews(slug, 'live');
      await expect.poll(() => changes.length, { timeout: 5_000 }).toBe(5);

      const backers = changes.filter((change) => change.type === 'entry' && change.entry.kind === 'backers');
      expect(
        backers.map(
          (change) =>
            change.type === 'entry' &&
            change.entry.kind === 'backers' && [change.entry.contributions, change.entry.backers],
        ),
      ).toEqual([
        [1, 1],
        [2, 2],
      ]);
      expect(new Set(backers.map((change) => change.type === 'entry' && change.entry.id)).size).toBe(1);
      expect(changes.filter((change) => change.type === 'entry' && change.entry.kind === 'milestone')).toHaveLength(1);
      expect(changes.at(-1)).toMatchObject({ type: 'removed', id: `${slug}:n-live` });
    } finally {
      socket.close();
    }
  });

  it('is refused without a visitor cookie', async () => {
    const socket = await app.open();
    try {
      expect(await socket.timeout(5_000).emitWithAck('feed:watch')).toEqual({ ok: false, error: 'no-visitor' });
    } finally {
      socket.close();
    }
  });

  it('catches up, when it opens, on entries still on their way through the fan-out', async () => {
    const slug = await createProject(app.redis);
    const cookie = (await app.pageCookie())!;
    const visitor = visitorFromCookies(cookie)!;
    const ctx = { redis: app.redis, config: configuredFeed(), now: Date.now };
    await follow(ctx, visitor, slug);
    await readFeed(ctx, visitor, { limit: 1 });
    // Queued for fan-out; no worker runs in this process, so it is in no feed list yet.
    await publishNews(slug, { id: 'in-flight', title: 'On its way', url: 'https://example.com/w' });
    expect(await app.redis.llen(visitorFeedKeys(visitor).entries)).toBe(0);
    const socket = await app.open({ headers: { cookie } });
    try {
      const reply = (await socket.timeout(5_000).emitWithAck('feed:watch')) as FeedWatchReply;
      expect(reply.ok && reply.page.entries.map((entry) => entry.id)).toEqual([`${slug}:n-in-flight`]);
    } finally {
      socket.close();
    }
  });

  it('listens to the 200 projects followed most recently, and no more (docs/feed.md)', async () => {
    const cookie = (await app.pageCookie())!;
    const visitor = visitorFromCookies(cookie)!;
    const slugs = await Promise.all(Array.from({ length: 201 }, () => createProject(app.redis)));
    const started = Date.now();
    // A visitor allowed more follows than a page listens to, each a millisecond after the last.
    for (const [i, slug] of slugs.entries())
      await follow(
        { redis: app.redis, config: { ...configuredFeed(), maxFollows: 300 }, now: () => started + i },
        visitor,
        slug,
      );
    const socket = await app.open({ headers: { cookie } });
    try {
      expect(await socket.timeout(10_000).emitWithAck('feed:watch')).toMatchObject({ ok: true });
      const channels = slugs.map((slug) => projectFeedKeys(slug).channel);
      const listened = await listenedChannels(app.redis, channels);
      expect(listened.size).toBe(200);
      expect([listened.has(channels[0]!), listened.has(channels[1]!), listened.has(channels[200]!)]).toEqual([
        false,
        true,
        true,
      ]);
    } finally {
      socket.close();
    }
  });
});

/** The channels among `channels` that some client listens to, asked of every node (a sharded channel's subscribers are on its slot's node). */
async function listenedChannels(redis: RedisClient, channels: string[]): Promise<Set<string>> {
  const listened = new Set<string>();
  for (const node of redis instanceof Cluster ? redis.nodes('all') : [redis]) {
    const reply = (await node.call('PUBSUB', 'SHARDNUMSUB', ...channels)) as unknown;
    const pairs = Array.isArray(reply) ? reply : Object.entries(reply as Record<string, number>).flat();
    for (let i = 0; i + 1 < pairs.length; i += 2) if (Number(pairs[i + 1]) > 0) listened.add(String(pairs[i]));
  }
  return listened;
}
