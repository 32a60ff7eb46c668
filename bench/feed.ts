import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { DAY_MS, type FeedConfig } from '../lib/feed/config';
import type { FeedContext } from '../lib/feed/context';
import { drainProject } from '../lib/feed/fanout';
import { feedWorkKeys, projectFeedKeys, visitorFeedKeys } from '../lib/feed/keys';
import { readFeed } from '../lib/feed/read';
import { publishNews } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import { measureSweepPass } from './feed-sweep';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress, ROOT, sleep } from './support';

const FOLLOWERS = 100_000;
/** The fan-out's settings in the feed benches (sizing.ts too): limits high enough never to refuse. */
export const BENCH_FEED_CONFIG: FeedConfig = {
  fanoutMaxFollowers: 10_000_000,
  idleMs: 14 * DAY_MS,
  cap: 200,
  slack: 10,
  entryTtlMs: 30 * DAY_MS,
  maxFollows: 100_000,
  followsTtlMs: 365 * DAY_MS,
};
const visitor = (i: number) => `bench-visitor-${i}`;
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function pipelined(
  redis: Redis,
  count: number,
  add: (pipeline: ReturnType<Redis['pipeline']>, i: number) => void,
): Promise<void> {
  for (let first = 0; first < count; first += 1_000) {
    const pipeline = redis.pipeline();
    for (let i = first; i < Math.min(first + 1_000, count); i++) add(pipeline, i);
    await pipeline.exec();
  }
}

async function project(redis: Redis, slug: string, followers: number): Promise<void> {
  await saveProject(sampleProject(slug), 0, redis);
  await pipelined(redis, followers, (p, i) => p.zadd(projectFeedKeys(slug).followers, 0, visitor(i)));
}

async function news(ctx: FeedContext, slug: string, id: string): Promise<string> {
  await publishNews(
    slug,
    { id, title: 'Bench news', url: 'https://example.org/b' },
    { redis: ctx.redis, windows: DEFAULT_WINDOWS, now: ctx.now, feed: ctx.config },
  );
  return (await ctx.redis.lindex(projectFeedKeys(slug).entries, 0))!;
}

/** How many of the feeds hold `ref` 0, 1, or more times. */
async function holding(redis: Redis, ref: string): Promise<{ once: number; twice: number; none: number }> {
  const counts = { once: 0, twice: 0, none: 0 };
  for (let first = 0; first < FOLLOWERS; first += 1_000) {
    const pipeline = redis.pipeline();
    for (let i = first; i < first + 1_000; i++) pipeline.lpos(visitorFeedKeys(visitor(i)).entries, ref, 'COUNT', 0);
    for (const [, found] of (await pipeline.exec())!) {
      const n = (found as number[]).length;
      if (n === 0) counts.none++;
      else if (n === 1) counts.once++;
      else counts.twice++;
    }
  }
  return counts;
}

const usedMemory = async (redis: Redis) => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);

/** Bytes the fan-out of one entry adds per follower (fresh feeds, so each push makes its feed), at several audience sizes. */
async function bytesPerFollower(ctx: FeedContext, sizes: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const size of sizes) {
    const slug = `bench-mem-${size}`;
    await saveProject(sampleProject(slug), 0, ctx.redis);
    const members = Array.from({ length: size }, (_, i) => `m${size}-${i}`);
    await pipelined(ctx.redis as Redis, size, (p, i) => {
      p.zadd(projectFeedKeys(slug).followers, 0, members[i]!);
      p.set(visitorFeedKeys(members[i]!).active, '0', 'PX', BENCH_FEED_CONFIG.idleMs);
    });
    await news(ctx, slug, 'mem');
    const before = await usedMemory(ctx.redis as Redis);
    await drainProject(ctx, slug, { consumer: 'bench-mem', batch: 1_000 });
    const added = (await usedMemory(ctx.redis as Redis)) - before;
    out.push(`${fmt.int(size)} followers: ${fmt.int(added)} B, ${fmt.int(added / size)} B each`);
  }
  return out;
}

/** The fan-out through the queue against pipelined LPUSH; a SIGKILLed worker; a read against LRANGE; bytes. */
export async function measureFeed(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis: Redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    const ctx: FeedContext = { redis, config: BENCH_FEED_CONFIG, now: Date.now };
    progress(`feed: ${fmt.int(FOLLOWERS)} followers of one project, every feed active`);
    await project(redis, 'bench-big', FOLLOWERS);
    await pipelined(redis, FOLLOWERS, (p, i) =>
      p.set(visitorFeedKeys(visitor(i)).active, '0', 'PX', BENCH_FEED_CONFIG.idleMs),
    );

    const ref = await news(ctx, 'bench-big', 'one');
    let start = process.hrtime.bigint();
    await drainProject(ctx, 'bench-big', { consumer: 'bench', batch: 1_000 });
    const fanout = seconds(start);
    start = process.hrtime.bigint();
    await pipelined(redis, FOLLOWERS, (p, i) => p.lpush(`{feed:${visitor(i)}}:raw`, ref));
    const raw = seconds(start);
    const reached = await holding(redis, ref);

    progress('feed: a worker process SIGKILLed mid-fan-out, another takes over');
    const killedRef = await news(ctx, 'bench-big', 'two');
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'bench', 'feed-worker.ts')], {
      env: {
        ...process.env,
        REDIS_URL: server.url,
        FEED_SLUG: 'bench-big',
        FEED_CONSUMER: 'doomed',
        FANOUT_MAX_FOLLOWERS: String(BENCH_FEED_CONFIG.fanoutMaxFollowers),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed once it has saved progress a few batches in: mid-fan-out, by construction.
    const progressKey = projectFeedKeys('bench-big').progress;
    while (child.exitCode === null) {
      const done = await redis.hvals(progressKey);
      if (done.length > 0 && done[0]! >= visitor(20_000)) break;
      await sleep(2);
    }
    child.kill('SIGKILL');
    await exited;
    const pushedBeforeKill = (await holding(redis, killedRef)).once;
    await drainProject(ctx, 'bench-big', { consumer: 'rescuer', batch: 1_000, minIdleMs: 0 });
    const afterKill = await holding(redis, killedRef);

    progress('feed: reads of a feed with 50 pushed and 3 merged projects');
    const reader = 'bench-reader';
    const slugs = Array.from({ length: 53 }, (_, i) => `bench-p${i}`);
    const merged = slugs.slice(50);
    for (const slug of slugs) await project(redis, slug, 0);
    await pipelined(redis, slugs.length, (p, i) => p.zadd(visitorFeedKeys(reader).follows, i, slugs[i]!));
    // The reader follows the 3 merged ones, which are big (threshold 0): their entries are not pushed.
    await pipelined(redis, merged.length, (p, i) => p.zadd(projectFeedKeys(merged[i]!).followers, 0, reader));
    const bigCtx: FeedContext = { ...ctx, config: { ...BENCH_FEED_CONFIG, fanoutMaxFollowers: 0 } };
    await readFeed(ctx, reader, { limit: 20 });
    for (let round = 0; round < 6; round++) {
      for (const slug of slugs) {
        const id = `r${round}`;
        const entryRef = await news(merged.includes(slug) ? bigCtx : ctx, slug, id);
        if (!merged.includes(slug)) await redis.lpush(visitorFeedKeys(reader).entries, entryRef);
      }
    }
    if ((await redis.scard(feedWorkKeys.big)) !== merged.length)
      throw new Error('the merged projects were not noted big');
    const latencies = { read: [] as number[], lrange: [] as number[] };
    for (let i = 0; i < 2_000; i++) {
      let before = process.hrtime.bigint();
      await readFeed(ctx, reader, { limit: 20 });
      latencies.read.push(Number(process.hrtime.bigint() - before) / 1e6);
      before = process.hrtime.bigint();
      await redis.lrange(visitorFeedKeys(reader).entries, 0, 19);
      latencies.lrange.push(Number(process.hrtime.bigint() - before) / 1e6);
    }
    const [readP99, lrangeP99] = [latencies.read, latencies.lrange].map((list) =>
      percentile(
        list.sort((a, b) => a - b),
        99,
      ),
    ) as [number, number];

    const full = visitorFeedKeys(visitor(0)).entries;
    await pipelined(redis, 198, (p, i) => p.lpush(full, `${String(1_763_900_000_000 + i)}:bench-big:n-x${i}`));
    const feedBytes = Number(await redis.memory('USAGE', full, 'SAMPLES', 0));
    const entryBytes = Number(
      await redis.memory('USAGE', `${projectFeedKeys('bench-big').entryPrefix}n-one`, 'SAMPLES', 0),
    );

    progress('feed: memory of one fan-out at 1k, 10k and 100k followers');
    const perFollower = await bytesPerFollower(ctx, [1_000, 10_000, 100_000]);

    progress('feed: one pass of the sweep over the catalogue');
    const sweep = await measureSweepPass(ctx);

    const rows: Row[] = [
      {
        figure: 'fan-out through the queue (feed pushes/s)',
        measured: `${fmt.int(FOLLOWERS / fanout)} pushes/s`,
        baseline: `${fmt.int(FOLLOWERS / raw)} LPUSH/s (pipelined, 1,000 a batch)`,
        ratio: fmt.pct(raw / fanout),
        target: '≥ 50 %',
        met: raw / fanout >= 0.5,
      },
      {
        figure: `a news item reaching ${fmt.int(FOLLOWERS)} followers`,
        measured: `${fanout.toFixed(2)} s`,
        baseline: '—',
        ratio: '—',
        target: 'reported',
        met: null,
      },
      {
        figure: 'worker SIGKILLed mid-fan-out, another takes over',
        measured: `${fmt.int(afterKill.once)} feeds hold it once, ${afterKill.twice} twice, ${afterKill.none} not`,
        baseline: `${fmt.int(pushedBeforeKill)} pushed before the kill`,
        ratio: '—',
        target: 'every feed exactly once',
        met: afterKill.once === FOLLOWERS,
      },
      {
        figure: 'feed page (20), 50 pushed + 3 merged projects, p99',
        measured: fmt.ms(readP99),
        baseline: `${fmt.ms(lrangeP99)} (LRANGE 0 19)`,
        ratio: `${(readP99 / lrangeP99).toFixed(1)}×`,
        target: '≤ 5×',
        met: readP99 / lrangeP99 <= 5,
      },
      {
        figure: 'bytes per feed of 200 entries / per shared entry',
        measured: `${fmt.int(feedBytes)} B / ${fmt.int(entryBytes)} B`,
        baseline: '—',
        ratio: '—',
        target: 'reported',
        met: null,
      },
      sweep.row,
    ];
    return {
      details: [
        `one redis-server, one client; ${fmt.int(FOLLOWERS)} followers, batches of 1,000 followers, one push-feeds.lua per 200 feeds (one Redis)`,
        `first fan-out: ${fmt.int(reached.once)} feeds hold the entry once, ${reached.twice} twice, ${reached.none} none`,
        `memory added by one entry's fan-out to fresh feeds (each push makes its list): ${perFollower.join('; ')}`,
        'the page read is lib/feed readFeed (open-feed.lua, SMEMBERS, LRANGE, 3 merged-refs.lua, 20 HGETALL), not through HTTP',
        sweep.detail,
      ],
      rows,
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}
