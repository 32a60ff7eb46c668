import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

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

/**
 * The machine, its Redis, and how busy other processes kept it just before the run (they skew every
 * figure), e.g. `AMD EPYC ×2, 23.5 GiB, Linux x64`, `node 24.21.0`, `redis 7.0.15`, `load 2.57 (busy: noisy)`.
 */
export function hostInfo(loadAtStart: number[], redisVersion: string): string[] {
  const cpus = os.cpus();
  const load = loadAtStart[0] ?? 0;
  return [
    `${cpus[0]?.model ?? 'unknown'} ×${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.arch()}`,
    `node ${process.versions.node}`,
    `redis ${redisVersion}`,
    `load ${load.toFixed(2)}` + (load > cpus.length / 2 ? ' (busy: noisy)' : ''),
  ];
}

/** `hostInfo` with the version of the Redis at `redisUrl`. */
export async function machineInfo(redisUrl: string, loadAtStart: number[]): Promise<string[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const server = await redisInfo(redis, 'server');
  await redis.quit();
  return hostInfo(loadAtStart, server.get('redis_version') ?? '?');
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`,
  pct: (n: number) => `${(n * 100).toFixed(0)} %`,
  mb: (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`,
};
