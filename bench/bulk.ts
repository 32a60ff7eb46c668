import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { IMPORT_BODY_BYTES } from '../lib/http/body';
import { DEMO_PROJECTS } from '../lib/projects/demo-projects';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { App } from './app';
import type { FigureResult } from './report';
import { commandUsec, fmt, progress } from './support';

const WANTED_BATCH = 1_000;
const REQUESTS_PER_ROUND = 150;
/** Import and baseline alternate, so that drift (other processes, GC) hits both alike. */
const ROUNDS = 2;
const WARMUP_REQUESTS = 10;
const CONCURRENCY = 4;
const HOUR = 3_600_000;

let nextId = 0;
const runTag = randomBytes(3).toString('hex');
/** A 12-character id, like the app's own (lib/ids.ts), unique within the run. */
const uniqueId = () => `${runTag}${(nextId++).toString(36).padStart(6, '0')}`;

/** One request's body: contributions from within the last hour, with unique ids. */
function importBody(size: number): string {
  const now = Date.now();
  const events = Array.from({ length: size }, (_, i) => ({
    kind: 'contribution',
    id: uniqueId(),
    name: 'Bench',
    amount: 5 + (i % 50),
    at: now - 1_000 - Math.floor(Math.random() * (HOUR - 60_000)),
  }));
  return JSON.stringify({ events });
}

/** The largest batch (a multiple of 50, at most 1,000) whose body stays under the import route's body cap. */
export function batchSize(): number {
  const perEvent = Buffer.byteLength(importBody(2)) - Buffer.byteLength(importBody(1));
  return Math.min(WANTED_BATCH, Math.floor((IMPORT_BODY_BYTES - 20) / perEvent / 50) * 50);
}

/** Runs `count` jobs with at most CONCURRENCY in flight; returns the wall time in ms. */
async function timed(count: number, job: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

/** Wall time and Redis time (µs, from INFO commandstats) of `count` jobs. */
async function phase(redis: Redis, commands: string[], count: number, job: (i: number) => Promise<void>) {
  await redis.config('RESETSTAT');
  const ms = await timed(count, job);
  const stats = await commandUsec(redis);
  return { ms, redisUsec: commands.reduce((sum, name) => sum + (stats.get(name)?.usec ?? 0), 0) };
}

/**
 * Bulk import over HTTP (admin route, validated, one Lua script per request) across the demo
 * projects, against the same number of members written by raw pipelined ZADD through ioredis
 * to a fresh key of the same Redis. Bodies and ids are made before the clock starts.
 */
export async function measureBulk(app: App, redisUrl: string): Promise<FigureResult> {
  const batch = batchSize();
  const slugs = DEMO_PROJECTS.map((project) => project.slug);
  const requests = WARMUP_REQUESTS + ROUNDS * REQUESTS_PER_ROUND;
  const bodies = Array.from({ length: requests }, () => importBody(batch));
  const members = Array.from({ length: requests }, () => Array.from({ length: batch }, uniqueId));
  const key = `bench:zadd:${randomBytes(4).toString('hex')}`;
  const redis = createRedis(redisUrl);
  let imported = 0;
  let failures = 0;
  const importJob = (offset: number) => async (i: number) => {
    const response = await fetch(`${app.url}/api/projects/${slugs[i % slugs.length]}/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.adminToken}` },
      body: bodies[offset + i]!,
    });
    const reply = (await response.json()) as { imported?: number };
    if (response.status !== 200) failures++;
    imported += reply.imported ?? 0;
  };
  const zaddJob = (offset: number) => async (i: number) => {
    const pipeline = redis.pipeline();
    const now = Date.now();
    members[offset + i]!.forEach((member, j) => pipeline.zadd(key, now - 1_000 - ((j * 4_999) % HOUR), member));
    const replies = (await pipeline.exec()) ?? [];
    if (replies.some(([error]) => error)) failures++;
  };
  try {
    await waitUntilReady(redis);
    progress(
      `bulk: warm-up, then ${ROUNDS} × (${REQUESTS_PER_ROUND} imports of ${batch} events, ` +
        `${REQUESTS_PER_ROUND} pipelines of ${batch} ZADDs)`,
    );
    await timed(WARMUP_REQUESTS, importJob(0));
    await timed(WARMUP_REQUESTS, zaddJob(0));
    await redis.del(key);
    imported = 0;
    const importPhases = [];
    const zaddPhases = [];
    for (let round = 0; round < ROUNDS; round++) {
      const offset = WARMUP_REQUESTS + round * REQUESTS_PER_ROUND;
      importPhases.push(await phase(redis, ['evalsha', 'eval'], REQUESTS_PER_ROUND, importJob(offset)));
      zaddPhases.push(await phase(redis, ['zadd'], REQUESTS_PER_ROUND, zaddJob(offset)));
    }
    const added = await redis.zcard(key);
    await redis.del(key);

    const total = ROUNDS * REQUESTS_PER_ROUND * batch;
    const sum = (phases: { ms: number; redisUsec: number }[]) => ({
      ms: phases.reduce((s, p) => s + p.ms, 0),
      redisMs: phases.reduce((s, p) => s + p.redisUsec, 0) / 1000,
    });
    const [imports, zadds] = [sum(importPhases), sum(zaddPhases)];
    const importRate = (imported / imports.ms) * 1000;
    const zaddRate = (added / zadds.ms) * 1000;
    const ratio = importRate / zaddRate;
    const redisShare = (part: { ms: number; redisMs: number }, count: number) =>
      `Redis busy ${fmt.pct(part.redisMs / part.ms)} of the wall time, ${((part.redisMs * 1000) / Math.max(count, 1)).toFixed(1)} µs each`;
    return {
      details: [
        `import: ${fmt.int(imported)} of ${fmt.int(total)} events in ${fmt.ms(imports.ms)} = ${fmt.int(importRate)} events/s ` +
          `(${ROUNDS * REQUESTS_PER_ROUND} requests, ${CONCURRENCY} in flight, over ${slugs.length} projects); ${redisShare(imports, imported)}`,
        `baseline: ${fmt.int(added)} members by pipelined ZADD in ${fmt.ms(zadds.ms)} = ${fmt.int(zaddRate)} members/s; ` +
          redisShare(zadds, added),
        batch < WANTED_BATCH
          ? `batches are ${batch} events, not ${WANTED_BATCH}: ${WANTED_BATCH} events of this shape exceed the ` +
            `${IMPORT_BODY_BYTES}-byte body cap (413); the baseline's pipelines are the same size`
          : `batches of ${batch} events`,
        `failed requests or pipelines: ${failures}`,
      ],
      rows: [
        {
          figure: 'bulk ingest (import)',
          measured: `${fmt.int(importRate)} events/s`,
          baseline: `${fmt.int(zaddRate)} ZADD/s`,
          ratio: fmt.pct(ratio),
          target: '≥ 50 %',
          met: ratio >= 0.5 && failures === 0 && imported === total && added === total,
        },
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
