import { randomBytes } from 'node:crypto';
import { MAX_BODY_BYTES } from '../lib/http/body';
import { DEMO_PROJECTS } from '../lib/projects/demo-projects';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { FigureResult } from './report';
import { commandUsec, fmt, progress, type App } from './support';

const WANTED_BATCH = 1_000;
const REQUESTS = 150;
const WARMUP_REQUESTS = 10;
const CONCURRENCY = 4;
const HOUR = 3_600_000;

type Event = { kind: 'contribution'; id: string; name: string; amount: number; at: number };

let nextId = 0;
const runTag = randomBytes(3).toString('hex');
/** A 12-character id, like the app's own (lib/ids.ts), unique within the run. */
const uniqueId = () => `${runTag}${(nextId++).toString(36).padStart(6, '0')}`;

function makeBatch(size: number, now: number): Event[] {
  return Array.from({ length: size }, (_, i) => ({
    kind: 'contribution',
    id: uniqueId(),
    name: 'Bench',
    amount: 5 + (i % 50),
    at: now - 1_000 - Math.floor(Math.random() * (HOUR - 60_000)), // within the last hour
  }));
}

/** The largest batch (a multiple of 50, at most 1,000) whose body stays under the 64 KiB cap. */
export function batchSize(): number {
  const event = JSON.stringify(makeBatch(1, Date.now())[0]);
  const fits = Math.floor((MAX_BODY_BYTES - 20) / (Buffer.byteLength(event) + 1));
  return Math.min(WANTED_BATCH, Math.floor(fits / 50) * 50);
}

/** Runs `jobs` with at most CONCURRENCY in flight; returns the wall time in ms. */
async function timed(jobs: (() => Promise<void>)[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) await job();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

/**
 * Bulk import over HTTP (admin route, validated, one Lua script per request) across the demo
 * projects, against the same number of members written by raw pipelined ZADD through ioredis
 * to a fresh key of the same Redis.
 */
export async function measureBulk(app: App, redisUrl: string): Promise<FigureResult> {
  const batch = batchSize();
  const slugs = DEMO_PROJECTS.map((project) => project.slug);
  const redis = createRedis(redisUrl);
  await waitUntilReady(redis);
  try {
    // Bodies and member ids are made before the clock starts: the bench process shares the CPU.
    const bodies = Array.from({ length: WARMUP_REQUESTS + REQUESTS }, () =>
      JSON.stringify({ events: makeBatch(batch, Date.now()) }),
    );
    let imported = 0;
    let failures = 0;
    const importJob = (i: number) => async () => {
      const response = await fetch(`${app.url}/api/projects/${slugs[i % slugs.length]}/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${app.adminToken}` },
        body: bodies[i]!,
      });
      const reply = (await response.json()) as { imported?: number };
      if (response.status !== 200) failures++;
      imported += reply.imported ?? 0;
    };
    progress(`bulk: warm-up, then ${REQUESTS} imports of ${batch} events over ${slugs.length} projects`);
    await timed(Array.from({ length: WARMUP_REQUESTS }, (_, i) => importJob(REQUESTS + i)));
    imported = 0;
    await redis.config('RESETSTAT');
    const importMs = await timed(Array.from({ length: REQUESTS }, (_, i) => importJob(i)));
    const importStats = await commandUsec(redis);

    const total = REQUESTS * batch;
    const key = `bench:zadd:${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    const members = Array.from({ length: WARMUP_REQUESTS + REQUESTS }, () => Array.from({ length: batch }, uniqueId));
    const zaddJob = (i: number) => async () => {
      const pipeline = redis.pipeline();
      members[i]!.forEach((member, j) => pipeline.zadd(key, now - ((i * batch + j) % HOUR), member));
      const replies = (await pipeline.exec()) ?? [];
      if (replies.some(([error]) => error)) failures++;
    };
    progress(`bulk: baseline, ${REQUESTS} pipelines of ${batch} ZADDs to ${key}`);
    await timed(Array.from({ length: WARMUP_REQUESTS }, (_, i) => zaddJob(REQUESTS + i)));
    await redis.del(key);
    await redis.config('RESETSTAT');
    const zaddMs = await timed(Array.from({ length: REQUESTS }, (_, i) => zaddJob(i)));
    const zaddStats = await commandUsec(redis);
    const added = await redis.zcard(key);
    await redis.del(key);

    const importRate = (imported / importMs) * 1000;
    const zaddRate = (total / zaddMs) * 1000;
    const ratio = importRate / zaddRate;
    const scripts = (importStats.get('evalsha')?.usec ?? 0) + (importStats.get('eval')?.usec ?? 0);
    const zadds = zaddStats.get('zadd')?.usec ?? 0;
    return {
      details: [
        `import: ${fmt.int(imported)} of ${fmt.int(total)} events imported in ${fmt.ms(importMs)} ` +
          `(${REQUESTS} requests of ${batch}, ${CONCURRENCY} in flight, ${failures} failed) = ${fmt.int(importRate)} events/s`,
        `  Redis time in the import scripts: ${fmt.ms(scripts / 1000)} (${fmt.pct(scripts / 1000 / importMs)} of the wall time)`,
        `baseline: ${fmt.int(added)} members by pipelined ZADD in ${fmt.ms(zaddMs)} = ${fmt.int(zaddRate)} members/s`,
        `  Redis time in ZADD: ${fmt.ms(zadds / 1000)} (${fmt.pct(zadds / 1000 / zaddMs)} of the wall time)`,
        batch < WANTED_BATCH
          ? `batches are ${batch} events, not ${WANTED_BATCH}: ${WANTED_BATCH} events of this shape exceed the ` +
            `${MAX_BODY_BYTES}-byte body cap (413); the baseline uses pipelines of the same size`
          : `batches of ${batch} events`,
      ],
      rows: [
        {
          figure: 'bulk ingest (import)',
          measured: `${fmt.int(importRate)} events/s`,
          baseline: `${fmt.int(zaddRate)} ZADD/s`,
          ratio: fmt.pct(ratio),
          target: '≥ 50 %',
          met: ratio >= 0.5 && failures === 0 && imported === total,
        },
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
