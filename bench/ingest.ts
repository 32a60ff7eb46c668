import autocannon from 'autocannon';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { App } from './app';
import type { FigureResult } from './report';
import { commandUsec, fmt, progress } from './support';

const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const SECONDS = 8;
/** The two routes alternate, SECONDS / ROUNDS at a time, so that drift hits both alike. */
const ROUNDS = 2;
const BODY = JSON.stringify({ name: 'Bench', amount: 5 }); // no id: every request is a new contribution

type Run = { ok: number; seconds: number; p50: number; p99: number; requests: number; bad: number };

/** A POST of BODY with a visitor's cookie, as the page's form sends it, or a plain GET (the baseline). */
async function cannon(url: string, seconds: number, method: 'POST' | 'GET' = 'POST', cookie = ''): Promise<Run> {
  const result = await autocannon({
    url,
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json', cookie }, body: BODY } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    ok: result['2xx'],
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Rounds of one route as one run: their mean p50 and worst p99 (autocannon gives no histogram). */
function combine(runs: Run[]): Run {
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    ok: sum((run) => run.ok),
    seconds: sum((run) => run.seconds),
    p50: sum((run) => run.p50) / runs.length,
    p99: Math.max(...runs.map((run) => run.p99)),
    requests: sum((run) => run.requests),
    bad: sum((run) => run.bad),
  };
}

/**
 * Single-event ingest: POST a contribution (validate, one Lua script, answer 201) against
 * GET /api/health (a route handler that sends Redis one PING) on the same server under the same
 * load: the app has no route of the bench's own. Both are warmed up first, then measured in
 * alternating rounds.
 */
export async function measureIngest(app: App, redisUrl: string): Promise<FigureResult> {
  const contributions = `${app.url}/api/projects/tidal-synth/contributions`;
  const health = `${app.url}/api/health`;
  // A browser posts with the cookie its first page gave it: without one, every POST would also be a new visitor's.
  const page = await fetch(`${app.url}/en`, { headers: { accept: 'text/html' } });
  await page.arrayBuffer();
  const cookie =
    page.headers
      .getSetCookie()
      .find((set) => set.startsWith('cp_vid='))
      ?.split(';')[0] ?? '';
  progress(`ingest: warming up both routes (${WARMUP_SECONDS} s each)`);
  await cannon(health, WARMUP_SECONDS, 'GET');
  await cannon(contributions, WARMUP_SECONDS, 'POST', cookie);

  progress(
    `ingest: ${ROUNDS} × (${SECONDS / ROUNDS} s of GET /api/health, ${SECONDS / ROUNDS} s of POST …/contributions)`,
  );
  const redis = createRedis(redisUrl);
  await waitUntilReady(redis);
  await redis.config('RESETSTAT');
  const healthRuns: Run[] = [];
  const contributionRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    healthRuns.push(await cannon(health, SECONDS / ROUNDS, 'GET'));
    contributionRuns.push(await cannon(contributions, SECONDS / ROUNDS, 'POST', cookie));
  }
  const script = (await commandUsec(redis)).get('evalsha') ?? { calls: 0, usec: 0 };
  await redis.quit();

  const baseline = combine(healthRuns);
  const measured = combine(contributionRuns);
  const rps = (run: Run) => run.ok / run.seconds;
  const ratio = rps(measured) / rps(baseline);
  const clean = measured.bad === 0 && baseline.bad === 0;
  const describe = (run: Run) => `${fmt.int(rps(run))} req/s`;
  const latency = (run: Run) => `p50 ${fmt.ms(run.p50)} / p99 ${fmt.ms(run.p99)}`;
  const line = (run: Run) =>
    `${describe(run)}, ${latency(run)}, ${fmt.int(run.requests)} requests, ${run.bad} non-2xx/errors`;
  return {
    details: [
      `POST /api/projects/tidal-synth/contributions ${BODY}, a visitor's cookie: ${line(measured)}`,
      `GET /api/health (one PING): ${line(baseline)}`,
      `Redis time per contribution (the recordContribution script): ${(script.usec / Math.max(script.calls, 1)).toFixed(1)} µs ` +
        `over ${fmt.int(script.calls)} calls, ${fmt.pct(script.usec / 1e6 / measured.seconds)} of one core`,
      `autocannon runs in the bench process: ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s ` +
        'of warm-up; the app, Redis and autocannon share the machine. p50 is the mean of the rounds, p99 the worst',
    ],
    rows: [
      {
        figure: 'single-event ingest (HTTP)',
        measured: describe(measured),
        baseline: `${describe(baseline)} (GET /api/health)`,
        ratio: fmt.pct(ratio),
        target: '≥ 80 %',
        met: ratio >= 0.8 && clean,
      },
      {
        figure: 'single-event ingest latency',
        measured: latency(measured),
        baseline: latency(baseline),
        ratio: `${(measured.p50 / Math.max(baseline.p50, 0.001)).toFixed(2)}× p50`,
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
