/**
 * Where it breaks: the ceilings of each hot-path workload, computed from measured per-operation
 * costs (`bench/sizing.ts` measures them). Pure arithmetic, tested in tests/docs/sizing.test.ts.
 * A Redis master runs commands on one core, so a workload costing c µs of that core per
 * operation holds at most 1,000,000 / c operations a second on one master.
 */

/** CPU µs per operation: Redis' (one master's core) for each command path, the instance's for a frame. */
export type Costs = {
  contribution: number;
  join: number;
  /** One viewer's share of an instance's heartbeat (a script carries up to 500 tabs). */
  heartbeatPerViewer: number;
  snapshotRead: number;
  cataloguePage: number;
  quizStart: number;
  quizAnswer: number;
  quizSubmit: number;
  foldEvent: number;
  /** One fold claimed (its share of a claim script) and published (its ack). */
  foldClaim: number;
  /** One follower's feed getting one entry: a push-feeds.lua of one feed, as on a cluster, where followers' feeds fall in different slots. */
  feedPush: number;
  /** The app instance's CPU per Socket.IO frame sent to one socket (a room broadcast). */
  frame: number;
  /** The app instance's CPU per view of a shared page in its page cache. */
  pageView: number;
};

export type Assumptions = {
  /** The share of a core an operator should plan for (headroom for bursts, replication, persistence). */
  safeShare: number;
  /** A hot room's frames a second per socket (the batcher's ceiling). */
  framesPerSocket: number;
  /** How often an instance vouches for its viewers (half the visitors window). */
  heartbeatSeconds: number;
  answersPerGame: number;
  foldShards: number;
};

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  safeShare: 0.5,
  framesPerSocket: 10,
  heartbeatSeconds: 30,
  answersPerGame: 10,
  foldShards: 6,
};

/** One workload's ceiling: per master (one core at 100 % and at the safe share) or per instance. */
export type Ceiling = {
  workload: string;
  /** The cost the ceiling is computed from, as shown. */
  cost: string;
  unit: string;
  perMaster: number | null;
  perMasterSafe: number | null;
  perInstance: number | null;
  meaning: string;
};

const SECOND_US = 1_000_000;

function onMaster(
  workload: string,
  costUs: number,
  cost: string,
  unit: string,
  safeShare: number,
  meaning: string,
  scale = 1,
): Ceiling {
  const perMaster = (SECOND_US / costUs) * scale;
  return { workload, cost, unit, perMaster, perMasterSafe: perMaster * safeShare, perInstance: null, meaning };
}

const us = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} µs`;

/** The ceilings of each workload, from the costs measured and the stated assumptions. */
export function ceilings(costs: Costs, a: Assumptions = DEFAULT_ASSUMPTIONS): Ceiling[] {
  const game = costs.quizStart + a.answersPerGame * costs.quizAnswer + costs.quizSubmit;
  const framesPerSecond = SECOND_US / costs.frame;
  return [
    onMaster(
      'hot project: contributions',
      costs.contribution,
      us(costs.contribution),
      'contributions/s',
      a.safeShare,
      "all of a project's writes are one slot, so one master takes them whatever the cluster's size",
    ),
    onMaster(
      'hot project: viewers joining',
      costs.join,
      us(costs.join),
      'joins/s',
      a.safeShare,
      'a reconnect wave of one project: its presence is in the same slot',
    ),
    onMaster(
      'hot project: viewers held',
      costs.heartbeatPerViewer,
      `${us(costs.heartbeatPerViewer)} per viewer per heartbeat`,
      'viewers',
      a.safeShare,
      `heartbeats alone (each instance vouches for its viewers every ${a.heartbeatSeconds} s, 500 to a script): never the bound, the instances' frames are`,
      a.heartbeatSeconds,
    ),
    {
      workload: 'hot project: viewers per instance',
      cost: `${us(costs.frame)} of the instance per frame`,
      unit: 'viewers',
      perMaster: null,
      perMasterSafe: null,
      perInstance: framesPerSecond / a.framesPerSocket,
      meaning: `at ${a.framesPerSocket} frames/s per socket (a hot room), ${roughly(framesPerSecond)} frames/s fill one instance's core (an upper bound: its HTTP and relaying share that core); add instances for more viewers`,
    },
    {
      workload: 'page views per instance',
      cost: `${us(costs.pageView)} of the instance per view`,
      unit: 'views/s',
      perMaster: null,
      perMasterSafe: null,
      perInstance: SECOND_US / costs.pageView,
      meaning:
        'a project page, `/` or the board from the page cache (one render per version); each view also takes a read-limit point in Redis, spread over the masters by address; a CDN in front takes the rest',
    },
    onMaster(
      'snapshot reads',
      costs.snapshotRead,
      us(costs.snapshotRead),
      'reads/s',
      a.safeShare,
      "one per version per instance that must resync (a watch storm, a failover), not per viewer: instances × resyncs/s of one project, on the project's master",
    ),
    onMaster(
      'catalogue page',
      costs.cataloguePage,
      us(costs.cataloguePage),
      'page views/s',
      a.safeShare,
      'the catalogue (order and cards) is one slot: one master serves every page view of `/` and `GET /api/projects`',
    ),
    onMaster(
      'quiz submits',
      costs.quizSubmit,
      us(costs.quizSubmit),
      'submits/s',
      a.safeShare,
      'the boards and every session share `{leaderboard}`: one master',
    ),
    onMaster(
      'quiz games',
      game,
      `${us(game)} (start + ${a.answersPerGame} answers + submit)`,
      'games/s',
      a.safeShare,
      'whole games on the quiz master, whatever the cluster',
    ),
    onMaster(
      'fold events',
      costs.foldEvent,
      us(costs.foldEvent),
      'events/s per shard',
      a.safeShare,
      `each fold shard is one slot; × FOLD_SHARDS (${a.foldShards}) when the shards sit on as many masters`,
    ),
    onMaster(
      'fold claims (claim + publish)',
      costs.foldClaim,
      us(costs.foldClaim),
      'folds/s per shard',
      a.safeShare,
      'published folds a shard holds; one instance polls a shard at a time',
    ),
    onMaster(
      'feed pushes',
      costs.feedPush,
      us(costs.feedPush),
      'pushes/s',
      a.safeShare,
      'one news item to F active followers is F pushes, about one script each on a cluster; feeds spread over every master by follower',
    ),
  ];
}

/** Ceilings rounded for reading: two significant figures, grouped. */
export function roughly(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '—';
  const digits = Math.max(0, Math.floor(Math.log10(n)) - 1);
  const rounded = Math.round(n / 10 ** digits) * 10 ** digits;
  return rounded.toLocaleString('en-US');
}

/** The ceilings as a markdown table. */
export function formatCeilings(rows: readonly Ceiling[], a: Assumptions = DEFAULT_ASSUMPTIONS): string {
  const safe = `${Math.round(a.safeShare * 100)} %`;
  const cell = (n: number | null, unit: string) => (n === null ? '—' : `${roughly(n)} ${unit}`);
  return [
    `| workload | cost (CPU per operation) | one master, 100 % of its core | one master, ${safe} | one instance | what bounds it |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.workload} | ${row.cost} | ${cell(row.perMaster, row.unit)} | ${cell(row.perMasterSafe, row.unit)} | ${cell(row.perInstance, row.unit)} | ${row.meaning} |`,
    ),
  ].join('\n');
}
