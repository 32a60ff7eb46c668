import fc from 'fast-check';
import type { ChainableCommander, Redis } from 'ioredis';
import { BURST_LEASE_KEY } from '../../lib/folding/burst';
import { metricFolder } from '../../lib/folding/metric-events';
import { feedWorkKeys } from '../../lib/feed/keys';
import { waitUntilReady } from '../../lib/redis/client';
import { targetProblem } from '../../lib/http/request-target';

/**
 * HTTP fuzzing of every route (shared by e2e/http-fuzz.spec.ts and `npm run chaos`): generated
 * path parameters, query strings, headers and bodies, sent one at a time so that any write can
 * be traced to its request. Each answer must be a 2xx or one of the spec's 4xx, never a 5xx;
 * after a 4xx, every key must hold the value it held before (rate-limit counters excepted:
 * counting a refused request is their job).
 */
export const SPEC_4XX = new Set([400, 401, 403, 404, 405, 409, 413, 415, 429]);

export type FuzzTotals = {
  requests: number;
  byStatus: Record<number, number>;
  /**
   * Answers outside 2xx and the spec's 4xx (5xx above all), and writes a browser sent from
   * another site (403) or with a body that is not JSON (415) answered otherwise.
   */
  unexpected: { route: string; status: number; request: string }[];
  /** Writes refused as the front door must (403 from another site, 415 for a body not JSON), by status. */
  refusedAsExpected: Record<number, number>;
  /** Requests that got no answer the first time, and why; each was sent once more. */
  retried: { route: string; error: string }[];
  /** 4xx answers after which a key had changed. */
  writesOn4xx: { route: string; status: number; keys: string[]; request: string }[];
};

type Target = {
  baseURL: string;
  slug: string;
  contributionId: string;
  newsId: string;
  sessionId: string;
  questionId: string;
  adminToken: string;
};
type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string; expected?: number };
type Route = {
  name: string;
  method: string;
  path: (target: Target, param: string, param2: string) => string;
  body?: fc.Arbitrary<unknown>;
};

const huge = (n: number) => fc.constant('x'.repeat(n));
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '..', '%2e%2e', '%00', 'a%2Fb', '\u202e', '\u200b', '😀'),
  huge(5_000),
);
const anyValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, '', '1', []),
  nasty,
);
const polluting = fc.constantFrom(
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"name":"x","__proto__":{"amount":5}}',
);
const deep = fc.integer({ min: 100, max: 6_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const nearly = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(
    Object.fromEntries(
      Object.entries(shape).map(([key, valid]) => [key, fc.oneof({ weight: 3, arbitrary: valid }, anyValue)]),
    ),
    {
      requiredKeys: [],
    },
  );

const name = fc.oneof(
  fc.string({ minLength: 1, maxLength: 45 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 25 }),
);
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/);

const ROUTES: Route[] = [
  { name: 'GET /api/projects', method: 'GET', path: () => '/api/projects' },
  {
    name: 'PUT /api/projects/:slug',
    method: 'PUT',
    path: (t, p) => `/api/projects/${p || t.slug}`,
    body: nearly({
      title: name,
      tagline: name,
      description: name,
      creator: name,
      creatorAccount: id,
      goal: fc.integer({ min: -5, max: 2_000_000_000 }),
      art: anyValue,
    }),
  },
  { name: 'GET /api/projects/:slug/live', method: 'GET', path: (t, p) => `/api/projects/${p || t.slug}/live` },
  {
    name: 'POST /api/projects/:slug/contributions',
    method: 'POST',
    path: (t, p) => `/api/projects/${p || t.slug}/contributions`,
    body: nearly({ id, name, amount: fc.integer({ min: -5, max: 1_000_005 }) }),
  },
  {
    name: 'DELETE /api/projects/:slug/contributions/:id',
    method: 'DELETE',
    path: (t, p, q) => `/api/projects/${p || t.slug}/contributions/${q || t.contributionId}`,
  },
  {
    name: 'POST /api/projects/:slug/news',
    method: 'POST',
    path: (t, p) => `/api/projects/${p || t.slug}/news`,
    body: nearly({ id, title: name, url: fc.oneof(fc.webUrl(), fc.string()) }),
  },
  {
    name: 'DELETE /api/projects/:slug/news/:id',
    method: 'DELETE',
    path: (t, p, q) => `/api/projects/${p || t.slug}/news/${q || t.newsId}`,
  },
  {
    name: 'POST /api/projects/:slug/import',
    method: 'POST',
    path: (t, p) => `/api/projects/${p || t.slug}/import`,
    body: nearly({
      events: fc.array(
        nearly({
          kind: fc.constantFrom('contribution', 'news'),
          id,
          name,
          amount: fc.integer({ min: 0, max: 100 }),
          title: name,
          url: fc.webUrl(),
          at: fc.integer({ min: 0, max: Date.now() + 120_000 }),
        }),
        { maxLength: 5 },
      ),
    }),
  },
  { name: 'GET /api/projects/:slug/timeline', method: 'GET', path: (t, p) => `/api/projects/${p || t.slug}/timeline` },
  { name: 'POST /api/quiz/sessions', method: 'POST', path: () => '/api/quiz/sessions', body: anyValue },
  { name: 'GET /api/quiz/sessions/:id', method: 'GET', path: (t, p) => `/api/quiz/sessions/${p || t.sessionId}` },
  {
    name: 'POST /api/quiz/sessions/:id/answers',
    method: 'POST',
    path: (t, p) => `/api/quiz/sessions/${p || t.sessionId}/answers`,
    body: nearly({ questionId: fc.string(), choice: fc.integer({ min: -1, max: 10 }) }),
  },
  {
    name: 'POST /api/quiz/sessions/:id/submit',
    method: 'POST',
    path: (t, p) => `/api/quiz/sessions/${p || t.sessionId}/submit`,
    body: nearly({ name, score: fc.integer() }),
  },
  { name: 'GET /api/leaderboard', method: 'GET', path: () => '/api/leaderboard' },
  {
    name: 'DELETE /api/leaderboard/entries/:id',
    method: 'DELETE',
    path: (_t, p) => `/api/leaderboard/entries/${p || 'not-on-any-board'}`,
  },
  {
    name: 'GET /api/leaderboard/players/:player',
    method: 'GET',
    path: (_t, p) => `/api/leaderboard/players/${p || 'nobody-in-particular'}`,
  },
  {
    name: 'DELETE /api/leaderboard/players/:player',
    method: 'DELETE',
    path: (_t, p) => `/api/leaderboard/players/${p || 'nobody-in-particular'}`,
  },
  { name: 'GET /api/health', method: 'GET', path: () => '/api/health' },
  {
    name: 'POST /api/folding/events',
    method: 'POST',
    path: () => '/api/folding/events',
    body: nearly({
      id,
      account_id: id,
      metrics: fc.dictionary(fc.string({ maxLength: 45 }), fc.oneof(fc.double(), fc.integer()), { maxKeys: 40 }),
    }),
  },
  { name: 'GET /api/folding/stats', method: 'GET', path: () => '/api/folding/stats' },
  { name: 'GET /api/folding/published', method: 'GET', path: () => '/api/folding/published' },
  { name: 'POST /api/folding/burst', method: 'POST', path: () => '/api/folding/burst', body: anyValue },
  { name: 'GET /api/metrics', method: 'GET', path: () => '/api/metrics' },
];

function requestFor(route: Route, target: Target): fc.Arbitrary<FuzzRequest> {
  const param = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, nasty.map(encodeURIComponent), nasty);
  const query = fc.dictionary(
    fc.constantFrom('limit', 'before', 'after', 'slug', 'period', '__proto__', 'x'),
    fc.oneof(nasty, fc.integer().map(String)),
    { maxKeys: 3 },
  );
  const headers = fc.record(
    {
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
      ),
      authorization: fc.oneof(
        fc.constant(`Bearer ${target.adminToken}`),
        fc.constant('Bearer wrong'),
        fc.string().map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
        fc.constant('Basic Zm9vOmJhcg=='),
      ),
      'x-forwarded-for': fc.ipV4(),
      accept: fc.constantFrom('application/json', 'text/html', '*/*'),
      // Another site's page (a form, a no-cors fetch), the site's own, or no browser at all.
      origin: fc.constantFrom('https://evil.example', 'null', SAME_ORIGIN),
      'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none'),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    { weight: 4, arbitrary: (route.body ?? anyValue).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: polluting },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.string() },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 64 * 1024 - 10, max: 80 * 1024 })
        .map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
    },
  );
  return fc
    .record({ param, param2: param, query, headers, body })
    .map(({ param: p, param2: q, query: search, headers: h, body: b }) => {
      const qs = new URLSearchParams(search).toString();
      const path = route.path(target, p, q) + (qs ? `?${qs}` : '');
      const own = new URL(target.baseURL).origin;
      const headers = h.origin === SAME_ORIGIN ? { ...h, origin: own } : h;
      const sent = { method: route.method, path, headers, body: route.method === 'POST' ? b : undefined };
      return { ...sent, expected: expectedRefusal(sent, own) };
    });
}

const SAME_ORIGIN = 'same-origin';

/**
 * The target as the client sends it: a URL parser drops tabs and newlines (`/api/projects/\n/x`
 * goes out as `/api/projects//x`, a doubled slash), so the server judges that one, not the string made.
 */
function asSent(path: string): string {
  const stripped = path.replace(/[\t\n\r]/g, '');
  return stripped.startsWith('/') ? stripped : path;
}

/**
 * What the front door must answer a write to any route, once its target is one path (else a 400
 * first, lib/http/request-target.ts): 403 when a browser sent it from another site, 415 for a
 * body that is not JSON.
 */
function expectedRefusal({ method, path, headers, body }: FuzzRequest, own: string): number | undefined {
  if (method === 'GET' || targetProblem(asSent(path)) !== undefined) return undefined;
  if ((headers.origin !== undefined && headers.origin !== own) || headers['sec-fetch-site'] === 'cross-site')
    return 403;
  if (body && (headers['content-type'] ?? 'text/plain;charset=UTF-8').split(';')[0] !== 'application/json') return 415;
  return undefined;
}

/**
 * Keys the rate limiters write (counting a refused request is their job), the sweep's lease and
 * cursor (written by the app's own worker every second, whatever the requests: they appear on
 * its first tick, which can fall after the first snapshot), and the marker below.
 */
const BACKGROUND = new Set<string>([feedWorkKeys.sweepLease, feedWorkKeys.sweepCursor]);
const ignored = (key: string) => key.startsWith('rate:') || BACKGROUND.has(key) || key === MARKER;
const MARKER = 'fuzz:marker';

/**
 * Every key but the ignored ones, with its content in a canonical form. Not DUMP: a large hash's
 * DUMP follows its dict's iteration order, which a mere read can change (a read moves an
 * incremental rehash on), so DUMP saw writes where nothing was written.
 */
async function snapshot(redis: Redis): Promise<Map<string, string>> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'COUNT', 1_000);
    cursor = next;
    keys.push(...batch.filter((key) => !ignored(key)));
  } while (cursor !== '0');
  return readKeys(redis, keys);
}

/** The canonical content of `keys` (a missing key is left out). */
async function readKeys(redis: Redis, keys: string[]): Promise<Map<string, string>> {
  const typing = redis.pipeline();
  for (const key of keys) typing.type(key);
  const types = ((await typing.exec()) ?? []).map(([, type]) => String(type));
  const reading = redis.pipeline();
  keys.forEach((key, i) => read(reading, key, types[i]!));
  // A key a background worker replaced between its TYPE and its read (a lease, a feed's work)
  // answers an error: recorded as such, so a key that changes between two snapshots still shows.
  const values = ((await reading.exec()) ?? []).map(([error, value], i) =>
    error ? `error ${error.message}` : canonical(types[i]!, value),
  );
  return new Map(
    keys.flatMap((key, i) => (types[i] === 'none' ? [] : [[key, `${types[i]} ${values[i]}`] as [string, string]])),
  );
}

/**
 * The keyspace, kept up to date from Redis' keyspace notifications: after a request, only the
 * keys it touched are read again, not every key (a full snapshot per request took the fuzzing
 * past its time on a busy machine). `settle` writes a marker and waits for its notification:
 * Redis sends notifications in order, so every key touched before it has been heard of.
 */
class Keyspace {
  private values = new Map<string, string>();
  private touched = new Set<string>();
  private markers = { written: 0, heard: 0, arrived: () => {} };

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
  ) {}

  static async watch(redis: Redis): Promise<Keyspace> {
    await redis.config('SET', 'notify-keyspace-events', 'KA');
    const keyspace = new Keyspace(redis, redis.duplicate());
    await waitUntilReady(keyspace.subscriber); // the app's clients queue nothing while connecting
    keyspace.subscriber.on('pmessage', (_pattern: string, channel: string) => {
      const key = channel.slice(channel.indexOf('__:') + 3);
      if (key !== MARKER) return void (ignored(key) || keyspace.touched.add(key));
      keyspace.markers.heard++;
      keyspace.markers.arrived();
    });
    await keyspace.subscriber.psubscribe('__keyspace@*__:*');
    keyspace.values = await snapshot(redis);
    return keyspace;
  }

  /** The keys whose content changed since the last call (every touched key read again). */
  async settle(): Promise<string[]> {
    const marker = ++this.markers.written;
    const heard = new Promise<void>(
      (resolve) => (this.markers.arrived = () => this.markers.heard >= marker && resolve()),
    );
    await this.redis.set(MARKER, String(marker));
    if (this.markers.heard < marker) await heard;
    const keys = [...this.touched];
    this.touched.clear();
    const now = await readKeys(this.redis, keys);
    const changed = keys.filter((key) => this.values.get(key) !== now.get(key));
    for (const key of keys) {
      const value = now.get(key);
      if (value === undefined) this.values.delete(key);
      else this.values.set(key, value);
    }
    return changed;
  }

  close(): void {
    this.subscriber.disconnect();
  }
}

/** Metric events the app's folder has counted (every shard): a burst's writes are over once its own are in. */
export async function foldedEvents(redis: Redis): Promise<number> {
  return (await metricFolder(redis).state()).stats.events;
}

/**
 * Waits until a burst answered 202 has written all its events and released its lease: counted
 * and seen, not timed, so a busy machine that spreads the burst over more than its 2 s makes this
 * wait longer, never shorter. The lease goes last, after the burst's final tick; a release left
 * for the next request would be blamed on it. Nothing else folds meanwhile: requests are sent one
 * at a time.
 */
export async function burstWritten(redis: Redis, eventsBefore: number, events: number): Promise<void> {
  const over = async () =>
    (await foldedEvents(redis)) >= eventsBefore + events && (await redis.exists(BURST_LEASE_KEY)) === 0;
  while (!(await over())) await new Promise((resolve) => setTimeout(resolve, 50));
}

function read(pipeline: ChainableCommander, key: string, type: string): void {
  if (type === 'string') pipeline.getBuffer(key);
  else if (type === 'hash') pipeline.hgetall(key);
  else if (type === 'set') pipeline.smembers(key);
  else if (type === 'zset') pipeline.zrange(key, '0', '-1', 'WITHSCORES');
  else if (type === 'list') pipeline.lrange(key, 0, -1);
  else pipeline.dumpBuffer(key);
}

function canonical(type: string, value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (value == null) return 'null';
  if (type === 'hash')
    return JSON.stringify(Object.entries(value as Record<string, string>).toSorted(([a], [b]) => (a < b ? -1 : 1)));
  if (type === 'set') return JSON.stringify((value as string[]).toSorted());
  return JSON.stringify(value ?? '');
}

async function send(baseURL: string, request: FuzzRequest): Promise<{ status: number; body?: string; error?: string }> {
  try {
    const response = await fetch(baseURL + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, error: [String(error), cause?.code ?? cause?.message].filter(Boolean).join(': ') };
  }
}

/** Fuzzes every route `runs` times against `baseURL`, checking writes on `redis` (the app's). */
export async function fuzzRoutes(baseURL: string, redis: Redis, target: Target, runs: number): Promise<FuzzTotals> {
  const totals: FuzzTotals = {
    requests: 0,
    byStatus: {},
    refusedAsExpected: {},
    unexpected: [],
    retried: [],
    writesOn4xx: [],
  };
  const keyspace = await Keyspace.watch(redis);
  try {
    for (const route of ROUTES) {
      const samples = fc.sample(requestFor(route, target), {
        numRuns: route.name.includes('burst') ? Math.ceil(runs / 10) : runs,
      });
      for (const request of samples) {
        const burst = route.name.includes('burst');
        await keyspace.settle(); // what changed before this request is not its doing
        let eventsBefore = burst ? await foldedEvents(redis) : 0;
        let { status, body, error } = await send(baseURL, request);
        if (status === 0) {
          // No answer at all (a reset keep-alive socket, or 15 s on a starved box) says nothing of the
          // app's answer: once more, from a settled keyspace. An input that hangs or kills the app fails twice.
          totals.retried.push({ route: route.name, error: error ?? '' });
          await keyspace.settle();
          eventsBefore = burst ? await foldedEvents(redis) : 0;
          ({ status, body, error } = await send(baseURL, request));
        }
        totals.requests++;
        totals.byStatus[status] = (totals.byStatus[status] ?? 0) + 1;
        const summary = `${request.method} ${request.path.slice(0, 200)} ${(request.body ?? '').slice(0, 200)}${error ? ` (${error})` : ''}`;
        if (!(status >= 200 && status < 300) && !SPEC_4XX.has(status))
          totals.unexpected.push({ route: route.name, status, request: summary });
        else if (request.expected !== undefined && status === request.expected)
          totals.refusedAsExpected[status] = (totals.refusedAsExpected[status] ?? 0) + 1;
        else if (request.expected !== undefined && status !== 0) {
          totals.unexpected.push({
            route: route.name,
            status,
            request: `${summary} (expected ${request.expected}: ${JSON.stringify(request.headers)})`,
          });
        }
        // A burst writes in the background for 2 s after its 202, longer on a loaded box: wait until
        // all its events are in, so they are not blamed on the next request.
        if (burst && status === 202)
          await burstWritten(redis, eventsBefore, (JSON.parse(body!) as { events: number }).events);
        const changed = await keyspace.settle();
        if (SPEC_4XX.has(status) && changed.length > 0)
          totals.writesOn4xx.push({ route: route.name, status, keys: changed, request: summary });
      }
    }
  } finally {
    keyspace.close();
  }
  return totals;
}
