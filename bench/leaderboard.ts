import type { Redis } from 'ioredis';
import { PERIODS, readTop, type LeaderboardContext } from '../lib/leaderboard';
import { BOARD_SIZE, boardKeys } from '../lib/leaderboard/keys';
import { periodAt } from '../lib/leaderboard/periods';
import { newId } from '../lib/ids';
import { answerQuestion, startSession, submitSession } from '../lib/quiz';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { addBenchEntry } from './board-entries';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress } from './support';

const OPS_PER_ROUND = 20_000;
/** Script and baseline alternate, so that drift (other processes, GC) hits both alike. */
const ROUNDS = 2;
const CONCURRENCY = 8;

export type Timing = { ops: number; ms: number; latencies: number[] };

/** Runs `count` jobs with CONCURRENCY in flight on one connection (ioredis pipelines them). */
export async function timed(count: number, job: (i: number) => Promise<unknown>): Promise<Timing> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const sent = performance.now();
      await job(i);
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ops: count, ms: performance.now() - started, latencies };
}

function summary(timings: Timing[]) {
  const ops = timings.reduce((sum, t) => sum + t.ops, 0);
  const ms = timings.reduce((sum, t) => sum + t.ms, 0);
  const sorted = timings.flatMap((t) => t.latencies).toSorted((a, b) => a - b);
  return { rate: (ops / ms) * 1000, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const describe = (s: ReturnType<typeof summary>, unit: string) => `${fmt.int(s.rate)} ${unit} · p99 ${fmt.ms(s.p99)}`;

/** Commands one call sends (a script is one: EVAL the first time on a connection, EVALSHA after). */
async function commandsSent(redis: Redis, operation: () => Promise<unknown>): Promise<string[]> {
  const original = redis.sendCommand.bind(redis);
  const sent: { name: string }[] = [];
  redis.sendCommand = ((command, stream) => (sent.push(command), original(command, stream))) as Redis['sendCommand'];
  try {
    await operation();
  } finally {
    redis.sendCommand = original;
  }
  return sent.map((command) => command.name.toUpperCase());
}

async function roundTripRows(ctx: LeaderboardContext & { redis: Redis }): Promise<{ rows: Row[]; details: string[] }> {
  const rows: Row[] = [];
  const details: string[] = [];
  for (const pass of [0, 1]) {
    const player = `bench-${newId()}`;
    let session = { id: '', question: { id: '' } };
    const operations: [string, boolean, () => Promise<unknown>][] = [
      ['startSession', true, async () => (session = await startSession(player, ctx))],
      ['answerQuestion', true, () => answerQuestion(session.id, { questionId: session.question.id, choice: 0 }, ctx)],
      ['submitSession', true, () => submitSession(session.id, 'Bench', player, ctx)],
      ['readTop(100) (a read)', false, () => readTop(BOARD_SIZE, ctx)],
    ];
    for (const [name, write, run] of operations) {
      const sent = await commandsSent(ctx.redis, run);
      if (pass === 0) continue;
      details.push(`${name}: sent [${sent.join(', ')}]`);
      rows.push({
        figure: `round trips: ${name}`,
        measured: String(sent.length),
        baseline: '—',
        ratio: '—',
        target: write ? '1' : '1 (read)',
        met: sent.length === 1,
      });
    }
  }
  return { rows, details };
}

/**
 * The capped boards, already full at 100: a submit to today's, this week's and the all time board
 * (per board add + trim + rank, the pushed-out string released once, one publish: one script)
 * against the same script on the all time board alone; that one-board submit against a plain
 * ZADD; and the top-100 read (ZRANGE + MGET, one script) against a plain ZREVRANGE 0 99, each
 * pair measured in the same run.
 */
export async function measureLeaderboard(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    const ctx = { redis, keys: boardKeys('bench-board'), size: BOARD_SIZE, now: Date.now };
    const allTimeKey = ctx.keys.board(periodAt('all', 0));
    const trips = await roundTripRows({ ...ctx, keys: boardKeys('bench-trips') });

    const oneBoard: LeaderboardContext = { ...ctx, keys: boardKeys('bench-one-board') };
    progress('leaderboard: filling the boards to 100');
    for (let i = 0; i < BOARD_SIZE; i++) {
      await addBenchEntry({ id: `seed${i}`, name: `Seed ${i}`, score: i, date: Date.now() }, ctx);
      await addBenchEntry({ id: `seed${i}`, name: `Seed ${i}`, score: i, date: Date.now() }, oneBoard, true);
    }
    let points = BOARD_SIZE;
    let onePoints = BOARD_SIZE;
    const submits: Timing[] = [];
    const singles: Timing[] = [];
    const zadds: Timing[] = [];
    const reads: Timing[] = [];
    const zranges: Timing[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      progress(`leaderboard: round ${round + 1} of ${ROUNDS}`);
      // Rising scores: every submit enters the board and pushes the last entry out (the dearest path).
      submits.push(
        await timed(OPS_PER_ROUND, () =>
          addBenchEntry({ id: `b${points}`, name: 'Bench player', score: points++, date: Date.now() }, ctx),
        ),
      );
      singles.push(
        await timed(OPS_PER_ROUND, () =>
          addBenchEntry(
            { id: `b${onePoints}`, name: 'Bench player', score: onePoints++, date: Date.now() },
            oneBoard,
            true,
          ),
        ),
      );
      zadds.push(
        await timed(OPS_PER_ROUND, (i) => redis.zadd('bench:plain-zadd', round * OPS_PER_ROUND + i, `m${round}-${i}`)),
      );
      reads.push(await timed(OPS_PER_ROUND, () => readTop(BOARD_SIZE, ctx)));
      zranges.push(await timed(OPS_PER_ROUND, () => redis.zrevrange(allTimeKey, 0, BOARD_SIZE - 1)));
    }
    const sizes = await Promise.all(PERIODS.map((period) => redis.zcard(ctx.keys.board(periodAt(period, Date.now())))));
    const [, strings] = await redis.scan('0', 'MATCH', `${ctx.keys.entryPrefix}*`, 'COUNT', 10_000);
    const [submit, single, zadd, read, zrange] = [
      summary(submits),
      summary(singles),
      summary(zadds),
      summary(reads),
      summary(zranges),
    ];
    return {
      details: [
        ...trips.details,
        `${ROUNDS} rounds × ${fmt.int(OPS_PER_ROUND)} ops per measure, ${CONCURRENCY} in flight on one connection, measures alternating`,
        `submit to three boards: p50 ${fmt.ms(submit.p50)}; to one board: p50 ${fmt.ms(single.p50)}; ZADD p50 ${fmt.ms(zadd.p50)}; read: p50 ${fmt.ms(read.p50)}; ZREVRANGE p50 ${fmt.ms(zrange.p50)}`,
        `boards afterwards (day, week, all): ${sizes.join(', ')} entries, ${strings.length} entry strings shared by them (no orphans)`,
      ],
      rows: [
        ...trips.rows,
        {
          figure: 'leaderboard submit, three boards (day, week, all)',
          measured: describe(submit, 'ops/s'),
          baseline: `${describe(single, 'one-board submits/s')}`,
          ratio: fmt.pct(submit.rate / single.rate),
          target: '—',
          met: null,
        },
        {
          figure: 'leaderboard submit, one board (add + trim + rank)',
          measured: describe(single, 'ops/s'),
          baseline: describe(zadd, 'ZADD/s'),
          ratio: fmt.pct(single.rate / zadd.rate),
          target: '—',
          met: null,
        },
        {
          figure: 'leaderboard top-100 read',
          measured: describe(read, 'reads/s'),
          baseline: describe(zrange, 'ZREVRANGE/s'),
          ratio: fmt.pct(read.rate / zrange.rate),
          target: '—',
          met: null,
        },
        {
          figure: 'leaderboard size after the run',
          measured: `${sizes.join(' / ')} rows, ${strings.length} strings`,
          baseline: '—',
          ratio: '—',
          target: '100 / 100 / 100, 100',
          met: sizes.every((size) => size === BOARD_SIZE) && strings.length === BOARD_SIZE,
        },
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}
