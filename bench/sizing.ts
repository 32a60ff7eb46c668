import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { BENCH_FEED_CONFIG } from './feed';
import { pushToFeeds } from '../lib/feed/fanout';
import { visitorFeedKeys } from '../lib/feed/keys';
import { foldingConfig } from '../lib/folding/config';
import { BURST_METRICS } from '../lib/folding/burst';
import { metricFolderOn } from '../lib/folding/metric-events';
import { newId } from '../lib/ids';
import { BOARD_SIZE, boardKeys } from '../lib/leaderboard/keys';
import {
  heartbeatVisitors,
  joinProject,
  readLiveSnapshot,
  recordContribution,
  type LiveEventsContext,
} from '../lib/live-events';
import { HEARTBEAT_BATCH } from '../lib/live-events/presence';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { readCataloguePage } from '../lib/projects/catalogue';
import { saveProject } from '../lib/projects/save';
import { answerQuestion, startSession, submitSession } from '../lib/quiz';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import type { FigureResult, Row } from './report';
import { cachedPageView } from './sizing-pages';
import { ceilings, DEFAULT_ASSUMPTIONS, formatCeilings, type Costs } from './sizing-table';
import { commandUsec, fmt, progress, redisInfo, ROOT } from './support';

const IN_FLIGHT = 16;
const HEARTBEATS = 200;
const CATALOGUE = 2_000;
const GAMES = 1_000;
const FOLD_ACCOUNTS = 2_000;
const FOLD_EVENTS = 10_000;
const FOLLOWERS = 20_000;
const PUSH_BATCH = 200;
const SINGLE_PUSHES = 5_000;
const SOCKETS = 500;
const BROADCASTS = 200;

/** What Redis spent on one operation: its CPU time (INFO cpu, network handling included) and its commands' time (INFO commandstats). */
type Measured = { cpuUs: number; commandUs: number; commands: string };

const cpuSeconds = async (redis: Redis) => {
  const cpu = await redisInfo(redis, 'cpu');
  return Number(cpu.get('used_cpu_sys')) + Number(cpu.get('used_cpu_user'));
};

/** Runs `count` jobs, IN_FLIGHT at a time on one connection. */
async function run(count: number, job: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/**
 * Redis' cost of `count` jobs, per unit (`units` operations in all: a heartbeat of 500 tabs is
 * 500 viewers' worth): the CPU delta of redis-server (INFO cpu, used_cpu_sys + used_cpu_user) and
 * the commands' own time (INFO commandstats, reset just before), with the calls per unit.
 */
async function measure(
  redis: Redis,
  count: number,
  job: (i: number) => Promise<unknown>,
  units = count,
): Promise<Measured> {
  await redis.config('RESETSTAT');
  const cpuBefore = await cpuSeconds(redis);
  await run(count, job);
  const cpuAfter = await cpuSeconds(redis);
  const stats = [...(await commandUsec(redis))].filter(([name]) => !['info', 'config'].includes(name.split('|')[0]!));
  // Redis also counts the commands a script calls, inside the script's own time: with scripts, only theirs.
  const scripts = stats.filter(([name]) => /^(eval|evalsha)$/.test(name));
  const usec = (scripts.length > 0 ? scripts : stats).reduce((sum, [, { usec }]) => sum + usec, 0);
  const calls = stats.map(([name, { calls }]) => `${name} ${+(calls / units).toFixed(3)}`).join(', ');
  return { cpuUs: ((cpuAfter - cpuBefore) * 1e6) / units, commandUs: usec / units, commands: calls };
}

/** The live-event operations of one hot project, on a private redis-server. */
async function liveEvents(redis: Redis, costs: Map<string, Measured>): Promise<void> {
  const ctx: LiveEventsContext = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
  const slug = 'sizing-hot';
  await saveProject(sampleProject(slug), Date.now(), redis);
  progress('sizing: contributions, joins, heartbeats and snapshot reads of one project');
  await run(200, (i) => recordContribution(slug, { id: `warm-${i}`, name: 'Warm', amount: 1 }, ctx));
  costs.set(
    'contribution',
    await measure(redis, 5_000, (i) => recordContribution(slug, { id: `c-${i}`, name: 'Ada', amount: 5 }, ctx)),
  );
  // Each script called once first: a connection's first call of a script is an EVAL (compiled), the next EVALSHA.
  await joinProject(slug, { visitorId: 'warm', tabId: 'tab' }, ctx);
  costs.set(
    'join',
    await measure(redis, 5_000, (i) => joinProject(slug, { visitorId: `visitor-${i}`, tabId: 'tab' }, ctx)),
  );
  const tabs = Array.from({ length: HEARTBEAT_BATCH }, (_, i) => ({ visitorId: `visitor-${i}`, tabId: 'tab' }));
  await heartbeatVisitors(slug, tabs, ctx);
  costs.set(
    'heartbeat',
    await measure(redis, HEARTBEATS, () => heartbeatVisitors(slug, tabs, ctx), HEARTBEATS * HEARTBEAT_BATCH),
  );
  await readLiveSnapshot(slug, ctx);
  costs.set('snapshot', await measure(redis, 2_000, () => readLiveSnapshot(slug, ctx)));
}

async function catalogue(redis: Redis, costs: Map<string, Measured>): Promise<void> {
  progress(`sizing: a catalogue of ${fmt.int(CATALOGUE)} projects, read a page (24) at a time`);
  await run(CATALOGUE, (i) => saveProject(sampleProject(`sizing-${i}`), 1_000 + i, redis));
  const first = await readCataloguePage({ limit: 100 }, redis);
  const after = first.next ?? undefined;
  const cursors = [undefined, after];
  costs.set(
    'catalogue',
    await measure(redis, 5_000, (i) => readCataloguePage({ after: cursors[i % 2], limit: 24 }, redis)),
  );
}

async function quiz(redis: Redis, costs: Map<string, Measured>): Promise<void> {
  progress(`sizing: ${fmt.int(GAMES)} quiz games (start, 10 answers, submit)`);
  const ctx = { redis, keys: boardKeys('sizing-board'), size: BOARD_SIZE, now: Date.now };
  const warmPlayer = `sizing-${newId()}`;
  const warm = await startSession(warmPlayer, ctx);
  for (let question: string | null = warm.question.id; question;)
    question = (await answerQuestion(warm.id, { questionId: question, choice: 0 }, ctx)).next?.id ?? null;
  await submitSession(warm.id, 'Warm', warmPlayer, ctx);
  const sessions: { id: string; question: string | null; player: string }[] = [];
  costs.set(
    'quizStart',
    await measure(redis, GAMES, async () => {
      const player = `sizing-${newId()}`;
      const session = await startSession(player, ctx);
      sessions.push({ id: session.id, question: session.question.id, player });
    }),
  );
  let answers = 0;
  costs.set(
    'quizAnswer',
    await measure(
      redis,
      GAMES,
      async (i) => {
        const session = sessions[i]!;
        while (session.question) {
          session.question =
            (await answerQuestion(session.id, { questionId: session.question, choice: 0 }, ctx)).next?.id ?? null;
          answers++;
        }
      },
      GAMES * 10,
    ),
  );
  if (answers !== GAMES * 10) throw new Error(`expected ${GAMES * 10} answers, made ${answers}`);
  costs.set(
    'quizSubmit',
    await measure(redis, GAMES, (i) => submitSession(sessions[i]!.id, 'Sizing', sessions[i]!.player, ctx)),
  );
}

async function folding(redis: Redis, costs: Map<string, Measured>): Promise<void> {
  progress(
    `sizing: ${fmt.int(FOLD_EVENTS)} fold events over ${fmt.int(FOLD_ACCOUNTS)} accounts, then every fold claimed and published`,
  );
  const folder = metricFolderOn(redis, foldingConfig({ windowMs: 1_000, maxWaitMs: 10_000, leaseMs: 10_000 }));
  const now = Date.now();
  const event = (i: number) => ({
    id: `post_${i}`,
    account_id: `account_${i % FOLD_ACCOUNTS}`,
    metrics: { [BURST_METRICS[i % BURST_METRICS.length]!]: i, [BURST_METRICS[(i + 1) % BURST_METRICS.length]!]: i },
  });
  await folder.fold({ id: 'warm', account_id: 'account_warm', metrics: { likes: 1 } }, now);
  costs.set('foldEvent', await measure(redis, FOLD_EVENTS, (i) => folder.fold(event(i), now)));
  let claimed = 0;
  costs.set(
    'foldClaim',
    await measure(
      redis,
      1,
      async () => {
        for (;;) {
          const { folds } = await folder.claimDue(now + 2_000);
          if (folds.length === 0) break;
          claimed += folds.length;
          for (let first = 0; first < folds.length; first += IN_FLIGHT) {
            await Promise.all(folds.slice(first, first + IN_FLIGHT).map((fold) => folder.ack(fold.key, now + 2_001)));
          }
        }
      },
      FOLD_ACCOUNTS + 1,
    ),
  );
  if (claimed !== FOLD_ACCOUNTS + 1) throw new Error(`expected ${FOLD_ACCOUNTS + 1} folds claimed, got ${claimed}`);
}

async function feed(redis: Redis, costs: Map<string, Measured>): Promise<void> {
  progress(
    `sizing: one entry pushed to ${fmt.int(FOLLOWERS)} active feeds, ${PUSH_BATCH} at a time, then to ${fmt.int(SINGLE_PUSHES)} one at a time`,
  );
  const visitors = Array.from({ length: FOLLOWERS }, (_, i) => `sizing-visitor-${i}`);
  for (let first = 0; first < FOLLOWERS; first += 1_000) {
    const pipeline = redis.pipeline();
    for (const visitor of visitors.slice(first, first + 1_000))
      pipeline.set(visitorFeedKeys(visitor).active, '0', 'PX', BENCH_FEED_CONFIG.idleMs);
    await pipeline.exec();
  }
  const ctx = { redis, config: BENCH_FEED_CONFIG, now: Date.now };
  const batches = FOLLOWERS / PUSH_BATCH;
  costs.set(
    'feedPushBatched',
    await measure(
      redis,
      batches,
      (i) => pushToFeeds(ctx, visitors.slice(i * PUSH_BATCH, (i + 1) * PUSH_BATCH), `${Date.now()}:sizing:n-1`),
      FOLLOWERS,
    ),
  );
  // On a cluster the followers' feeds fall in different slots: about one script per feed.
  costs.set(
    'feedPush',
    await measure(redis, SINGLE_PUSHES, (i) => pushToFeeds(ctx, [visitors[i]!], `${Date.now()}:sizing:n-2`)),
  );
}

/** A hot room's batched frame: five contributions, as the relay sends them in one 'live:changes'. */
function hotFrame(version: number) {
  const at = Date.now();
  return {
    slug: 'sizing-hot',
    changes: Array.from({ length: 5 }, (_, i) => ({
      type: 'contribution-recorded',
      version: version + i,
      at,
      contribution: { id: `c-${version + i}`, name: 'Ada Lovelace', amount: 25, at },
      count: 1_000 + version + i,
      raised: 25_000 + 25 * (version + i),
      activity: { id: `a-${version + i}`, at, kind: 'contribution', name: 'Ada Lovelace', amount: 25 },
    })),
  };
}

/**
 * The instance's CPU per Socket.IO frame: one Socket.IO server (this process) broadcasts a hot
 * room's batched frame BROADCASTS times to SOCKETS sockets held by a child process
 * (bench/sizing-sockets.ts), and its own CPU time (process.cpuUsage) is divided by the frames
 * the child received.
 */
async function frames(): Promise<{ frameUs: number; details: string }> {
  progress(`sizing: ${BROADCASTS} frames to each of ${SOCKETS} sockets of one Socket.IO server`);
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'bench', 'sizing-sockets.ts'), url, String(SOCKETS)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const nextLine = (timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the sockets process did not answer')), timeoutMs);
      lines.once('line', (line) => (clearTimeout(timer), resolve(line)));
    });
  try {
    if ((await nextLine(60_000)) !== 'ready') throw new Error('the sockets did not connect');
    const received = async () => {
      const line = nextLine();
      child.stdin!.write('count\n');
      return Number(await line);
    };
    const bytes = Buffer.byteLength(JSON.stringify(hotFrame(0)));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < BROADCASTS; i++) {
      io.to('room').emit('live:changes', hotFrame(i * 5));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const sentMs = performance.now() - started;
    let got = await received();
    for (let waited = 0; got < BROADCASTS * SOCKETS && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      got = await received();
    }
    // Measured once every frame has arrived: writes the kernel did not take at once are flushed later.
    const cpu = process.cpuUsage(cpuBefore);
    if (got < BROADCASTS * SOCKETS) throw new Error(`the sockets received ${got} of ${BROADCASTS * SOCKETS} frames`);
    const frameUs = (cpu.user + cpu.system) / got;
    return {
      frameUs,
      details: `frames: ${fmt.int(got)} frames of ${fmt.int(bytes)} B (a batch of 5 contributions) to ${SOCKETS} WebSocket clients in another process, broadcast in ${fmt.int(sentMs)} ms; the server's CPU until all had arrived ${fmt.int((cpu.user + cpu.system) / 1_000)} ms: ${frameUs.toFixed(1)} µs a frame`,
    };
  } finally {
    child.stdin!.end();
    const exited = new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(undefined),
    );
    const timer = setTimeout(() => child.kill('SIGTERM'), 5_000);
    await exited;
    clearTimeout(timer);
    await io.close();
  }
}

const COST_OF: [key: keyof Omit<Costs, 'frame' | 'pageView'>, measured: string, name: string][] = [
  ['contribution', 'contribution', 'a contribution (record-contribution.lua)'],
  ['join', 'join', 'a viewer joins'],
  [
    'heartbeatPerViewer',
    'heartbeat',
    `a viewer's heartbeat (a script of ${HEARTBEAT_BATCH} tabs ÷ ${HEARTBEAT_BATCH})`,
  ],
  ['snapshotRead', 'snapshot', 'a snapshot read (a project with 5,200 contributions, 5,000 viewers)'],
  ['cataloguePage', 'catalogue', `a catalogue page of 24 (${fmt.int(CATALOGUE)} projects)`],
  ['quizStart', 'quizStart', 'a quiz start'],
  ['quizAnswer', 'quizAnswer', 'a quiz answer'],
  ['quizSubmit', 'quizSubmit', 'a quiz submit (three full boards)'],
  ['foldEvent', 'foldEvent', 'a fold event'],
  ['foldClaim', 'foldClaim', 'a fold claimed and published (claim share + ack)'],
  ['feedPush', 'feedPush', 'a feed push, one feed a script (a cluster: feeds in different slots)'],
];

/**
 * Sizing ("where it breaks"): each hot-path operation's cost in Redis, measured on a
 * private redis-server as its CPU delta (INFO cpu over N operations, network handling included)
 * and its commands' time (INFO commandstats), and the instance's CPU per Socket.IO frame; then
 * the ceilings they imply per master and per instance (bench/sizing-table.ts).
 */
export async function measureSizing(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  const measured = new Map<string, Measured>();
  let page: Awaited<ReturnType<typeof cachedPageView>>;
  try {
    await waitUntilReady(redis);
    await liveEvents(redis, measured);
    await catalogue(redis, measured);
    await quiz(redis, measured);
    await folding(redis, measured);
    await feed(redis, measured);
    page = await cachedPageView(server.url);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
  const frame = await frames();

  const costs = { frame: frame.frameUs, pageView: page.viewUs } as Costs;
  const rows: Row[] = [];
  const details: string[] = [];
  for (const [key, from, name] of COST_OF) {
    const cost = measured.get(from)!;
    costs[key] = cost.cpuUs;
    rows.push({
      figure: `Redis CPU per op: ${name}`,
      measured: `${cost.cpuUs.toFixed(1)} µs`,
      baseline: `${cost.commandUs.toFixed(1)} µs in commands`,
      ratio: '—',
      target: 'reported',
      met: null,
    });
    details.push(
      `${name}: ${cost.cpuUs.toFixed(1)} µs of redis-server CPU, ${cost.commandUs.toFixed(1)} µs in commands; calls per op: ${cost.commands}`,
    );
  }
  const batched = measured.get('feedPushBatched')!;
  rows.push({
    figure: `Redis CPU per op: a feed push, per follower, ${PUSH_BATCH} feeds a script (one Redis)`,
    measured: `${batched.cpuUs.toFixed(1)} µs`,
    baseline: `${batched.commandUs.toFixed(1)} µs in commands`,
    ratio: '—',
    target: 'reported',
    met: null,
  });
  details.push(
    `a feed push, ${PUSH_BATCH} feeds a script (one Redis): ${batched.cpuUs.toFixed(1)} µs of redis-server CPU per follower, ${batched.commandUs.toFixed(1)} µs in commands; calls per follower: ${batched.commands}`,
  );
  rows.push({
    figure: 'instance CPU per cached page view',
    measured: `${page.viewUs.toFixed(1)} µs`,
    baseline: `${page.redisCallsPerView.toFixed(2)} Redis commands (read limit)`,
    ratio: '—',
    target: 'reported',
    met: null,
  });
  details.push(page.details);
  rows.push({
    figure: 'instance CPU per Socket.IO frame (one socket)',
    measured: `${frame.frameUs.toFixed(1)} µs`,
    baseline: '—',
    ratio: '—',
    target: 'reported',
    met: null,
  });
  details.push(frame.details);
  details.push(
    `each operation ${IN_FLIGHT} in flight on one connection from this process; the CPU delta includes reading and answering the connection, so it is the cost to plan with (commands alone are less; the calls listed include those inside scripts)`,
  );
  const a = DEFAULT_ASSUMPTIONS;
  const table = [
    `Assumptions: a Redis master runs commands on one core, so its ceiling is 1,000,000 µs ÷ the CPU µs per operation; plan at ${Math.round(a.safeShare * 100)} % of it (bursts, replication, persistence, other commands); ` +
      `the costs are this run's, on this machine (loopback, the bench's clients on the same 2 cores); a hot room sends at most ${a.framesPerSocket} frames/s per socket; heartbeats every ${a.heartbeatSeconds} s; ${a.answersPerGame} answers a game; FOLD_SHARDS ${a.foldShards}.`,
    '',
    formatCeilings(ceilings(costs, a), a),
  ].join('\n');
  return { rows, details, tables: [table] };
}
