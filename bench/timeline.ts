import type { Redis } from 'ioredis';
import { TIMELINE_SLACK, type TimelineLimits, type TimelineRef } from '../lib/timeline/config';
import { pushEntry, readPage } from '../lib/timeline/timeline';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress } from './support';

const OPS = 20_000;
const ROUNDS = 4;
const LIMITS: TimelineLimits = { cap: 100, slack: TIMELINE_SLACK, ttlMs: 30 * 24 * 3_600_000 };
const ENTRY = ['c', 'Xb3k9aQ2mZ1p', 1_752_000_000_000, 25, 'Ada Lovelace'];

type Run = { ops: number; seconds: number; latencies: number[] };

/** `OPS` calls of `operation`, one after the other (so each latency is one round trip's). */
async function timed(operation: (i: number) => Promise<unknown>, ops: number): Promise<Run> {
  const latencies: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) {
    const before = process.hrtime.bigint();
    await operation(i);
    latencies.push(Number(process.hrtime.bigint() - before) / 1e6);
  }
  return { ops, seconds: Number(process.hrtime.bigint() - start) / 1e9, latencies };
}

/** Measures `a` and `b` in alternating rounds, so a busy moment of the machine hits both alike. */
async function alternate(a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>): Promise<[Run, Run]> {
  await timed(a, 1_000);
  await timed(b, 1_000);
  const runs: [Run[], Run[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    runs[0].push(await timed(a, OPS / ROUNDS));
    runs[1].push(await timed(b, OPS / ROUNDS));
  }
  return [combine(runs[0]), combine(runs[1])];
}

function combine(runs: Run[]): Run {
  return {
    ops: runs.reduce((sum, run) => sum + run.ops, 0),
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    latencies: runs.flatMap((run) => run.latencies).sort((x, y) => x - y),
  };
}

const opsPerSecond = (run: Run) => run.ops / run.seconds;
const describe = (run: Run) => `${fmt.int(opsPerSecond(run))} ops/s, p99 ${fmt.ms(percentile(run.latencies, 99))}`;

function row(figure: string, measured: Run, baseline: Run, baselineName: string): Row {
  return {
    figure,
    measured: describe(measured),
    baseline: `${describe(baseline)} (${baselineName})`,
    ratio: fmt.pct(opsPerSecond(measured) / opsPerSecond(baseline)),
    target: '—',
    met: null,
  };
}

/**
 * A timeline push (one EVALSHA: next seq, LPUSH, LTRIM once in ten pushes, PEXPIRE) against a
 * plain LPUSH, and a page read by cursor from the middle of a full list against LRANGE 0 9, on
 * a fresh redis-server, one client, one call at a time.
 */
export async function measureTimeline(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis: Redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    const ref: TimelineRef = { list: '{bench}:timeline', seqHash: '{bench}:owner', seqField: 'seq' };
    const plain = '{bench}:plain';
    const encoded = JSON.stringify([0, ...ENTRY]);
    progress(`timeline: ${fmt.int(OPS)} pushes, then ${fmt.int(OPS)} page reads, each against its plain command`);
    // Full lists from the start: every push is measured at the cap, so one in ten trims.
    for (let i = 0; i < LIMITS.cap + LIMITS.slack; i++) await pushEntry(redis, ref, ENTRY, LIMITS);
    const [push, lpush] = await alternate(
      () => pushEntry(redis, ref, ENTRY, LIMITS),
      () => redis.lpush(plain, encoded),
    );

    const head = Number(await redis.hget(ref.seqHash, ref.seqField));
    const before = head - Math.floor(LIMITS.cap / 2);
    const [page, lrange] = await alternate(
      () => readPage(redis, ref, { limit: 10, before }, ([seq]) => ({ seq })),
      () => redis.lrange(ref.list, 0, 9),
    );
    const length = await redis.llen(ref.list);
    return {
      details: [
        `one client, one call at a time, ${fmt.int(OPS)} calls each in ${ROUNDS} alternating rounds after 1,000 warm-up calls`,
        `push: cap ${LIMITS.cap}, slack ${LIMITS.slack} (an LTRIM once in ${LIMITS.slack} pushes), TTL refreshed; list length at the end ${length}; ` +
          `the plain LPUSH list was never trimmed (${fmt.int(await redis.llen(plain))} entries)`,
        `page read: 10 entries older than seq ${before} (head ${head}), decoded into entries on the client, against LRANGE 0 9 of the same list`,
      ],
      rows: [
        row('timeline push (EVALSHA, trim amortized)', push, lpush, 'plain LPUSH'),
        row('timeline page read (10, mid-list cursor)', page, lrange, 'LRANGE 0 9'),
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}
