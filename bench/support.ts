import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Project } from '../lib/projects/types';
import { freePort } from '../lib/redis/embedded';

/** The project root: server.ts and the Lua loader (lib/redis/lua.ts) resolve paths from here. */
export const ROOT = path.resolve(__dirname, '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Progress goes to stderr so that stdout holds only the report. */
export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Runs `next build` when there is no production build to serve. */
export function ensureBuild(): void {
  if (existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return;
  progress('no .next/BUILD_ID: running `npx next build` first');
  const result = spawnSync('npx', ['next', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
}

/** Teardown steps, run newest first, each at most once, whatever failed before. */
export class Cleanup {
  private steps: { name: string; run: () => Promise<void> }[] = [];
  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }
  async run(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      await step.run().catch((error: unknown) => progress(`cleanup "${step?.name}" failed: ${String(error)}`));
    }
  }
}

export type App = { url: string; adminToken: string; stop(): Promise<void> };

/** server.ts as `npm start` runs it, against the given Redis, seeded, without simulator or limits. */
export async function startApp(redisUrl: string): Promise<App> {
  const port = await freePort();
  const adminToken = randomBytes(18).toString('base64url');
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server.ts'], {
    cwd: ROOT,
    detached: true, // its own process group, so tsx's node child can be killed with it if need be
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      REDIS_URL: redisUrl,
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_PER_MIN: '0',
      SIMULATE: '0',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean).slice(-50));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const app: App = { url: `http://127.0.0.1:${port}`, adminToken, stop: () => stopProcess(child) };
  try {
    await waitForHealth(app.url, child);
  } catch (error) {
    await app.stop();
    throw new Error(`${String(error)}\n--- app output ---\n${output.slice(-50).join('\n')}`);
  }
  return app;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the app exited while starting');
    const status = await fetch(`${url}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error('GET /api/health did not answer 200 within 60 s');
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  }, 8_000);
  await exited;
  clearTimeout(timer);
}

/** `INFO <section>` as a map of field -> value. */
export async function redisInfo(redis: Redis, section: string): Promise<Map<string, string>> {
  const text = await redis.info(section);
  const fields = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
}

/** Microseconds Redis spent in each command since the last CONFIG RESETSTAT. */
export async function commandUsec(redis: Redis): Promise<Map<string, { calls: number; usec: number }>> {
  const stats = new Map<string, { calls: number; usec: number }>();
  for (const [field, value] of await redisInfo(redis, 'commandstats')) {
    const calls = /calls=(\d+)/.exec(value)?.[1];
    const usec = /usec=(\d+)/.exec(value)?.[1];
    if (calls && usec) stats.set(field.replace(/^cmdstat_/, ''), { calls: Number(calls), usec: Number(usec) });
  }
  return stats;
}

export async function machineInfo(redisUrl: string): Promise<string[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const server = await redisInfo(redis, 'server');
  const memory = await redisInfo(redis, 'memory');
  await redis.quit();
  const cpus = os.cpus();
  return [
    `cpu: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `os: ${os.type()} ${os.release()} (${os.arch()})`,
    `node ${process.version}, redis ${server.get('redis_version') ?? '?'} (${memory.get('mem_allocator') ?? '?'})`,
  ];
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`,
  pct: (n: number) => `${(n * 100).toFixed(0)} %`,
  mb: (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`,
};

/** A project with short fields: what the round-trip and memory figures create. */
export function minimalProject(slug: string): Project {
  return {
    slug,
    title: `Project ${slug}`,
    tagline: 'A benchmark project',
    description: 'Created by npm run bench.',
    creator: 'Bench',
    creatorAccount: 'account_bench',
    goal: 10_000,
    raised: 0,
    art: { motif: 'waves', colors: ['#0c4a6e', '#0ea5e9', '#a5f3fc'] },
  };
}
