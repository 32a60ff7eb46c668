import autocannon from 'autocannon';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { FigureResult } from './report';
import { commandUsec, fmt, progress, type App } from './support';

const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const SECONDS = 8;
const BODY = JSON.stringify({ name: 'Bench', amount: 5 }); // no id: every request is a new contribution

type Run = { rps: number; p50: number; p99: number; requests: number; bad: number };

async function cannon(url: string, seconds: number): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Single-event ingest: POST a contribution (validate, one Lua script, answer 201) against
 * POST /api/noop (read the JSON body, answer 201) on the same server, same load, one after the
 * other. Both routes are warmed up first.
 */
export async function measureIngest(app: App, redisUrl: string): Promise<FigureResult> {
  const contributions = `${app.url}/api/projects/tidal-synth/contributions`;
  const noop = `${app.url}/api/noop`;
  progress(`ingest: warming up both routes (${WARMUP_SECONDS} s each)`);
  await cannon(noop, WARMUP_SECONDS);
  await cannon(contributions, WARMUP_SECONDS);
  progress(`ingest: ${SECONDS} s of POST /api/noop, then ${SECONDS} s of POST …/contributions, ${CONNECTIONS} connections`);
  const baseline = await cannon(noop, SECONDS);
  const redis = createRedis(redisUrl);
  await waitUntilReady(redis);
  await redis.config('RESETSTAT');
  const measured = await cannon(contributions, SECONDS);
  const stats = await commandUsec(redis);
  await redis.quit();
  const script = stats.get('evalsha') ?? { calls: 0, usec: 0 };

  const ratio = measured.rps / baseline.rps;
  const clean = measured.bad === 0 && baseline.bad === 0;
  const describe = (run: Run) => `${fmt.int(run.rps)} req/s`;
  const latency = (run: Run) => `p50 ${fmt.ms(run.p50)} / p99 ${fmt.ms(run.p99)}`;
  return {
    details: [
      `POST /api/projects/tidal-synth/contributions ${BODY}: ${describe(measured)}, ${latency(measured)}, ` +
        `${fmt.int(measured.requests)} requests, ${measured.bad} non-2xx/errors`,
      `POST /api/noop (same body):                ${describe(baseline)}, ${latency(baseline)}, ` +
        `${fmt.int(baseline.requests)} requests, ${baseline.bad} non-2xx/errors`,
      `Redis time per contribution (recordContribution script): ${(script.usec / Math.max(script.calls, 1)).toFixed(1)} µs ` +
        `over ${fmt.int(script.calls)} calls, i.e. ${fmt.pct(script.usec / 1e6 / SECONDS)} of one core`,
      `autocannon in the bench process: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up; ` +
        'the app, Redis and autocannon share the machine',
    ],
    rows: [
      {
        figure: 'single-event ingest (HTTP)',
        measured: describe(measured),
        baseline: `${describe(baseline)} (no-op)`,
        ratio: fmt.pct(ratio),
        target: '≥ 80 %',
        met: ratio >= 0.8 && clean,
      },
      {
        figure: 'single-event ingest latency',
        measured: latency(measured),
        baseline: latency(baseline),
        ratio: `${(measured.p50 / Math.max(baseline.p50, 0.001)).toFixed(1)}× p50`,
        target: '—',
        met: null,
      },
      {
        figure: 'single-event ingest non-2xx + errors',
        measured: String(measured.bad),
        baseline: String(baseline.bad),
        ratio: '—',
        target: '0',
        met: clean,
      },
    ],
  };
}
