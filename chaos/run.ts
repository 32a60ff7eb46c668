/**
 * `npm run chaos`: runs load against the app while breaking its parts, then prints per fault the
 * answers, the time to recover, acknowledged writes lost and pages left out of sync; then fuzzes
 * every route. Its own processes on free ports, every loop bounded, everything stopped at the end.
 * With `--write docs/reliability.md` it also replaces the tables' blocks in that document.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { boardKeys } from '../lib/leaderboard/keys';
import { liveEventKeys } from '../lib/live-events/keys';
import { reconcileLedger } from '../lib/live-events/ledger';
import { programPath } from '../lib/programs';
import { buildIfNeeded } from '../scripts/build-if-needed';
import { checkBlocks, renderMeasurement, takeWriteOption, writeBlocks } from '../bench/doc-block';
import { Cleanup, ROOT, hostInfo, sleep } from '../bench/support';
import { formatFaultTable, formatFuzzTable, type FaultRow } from './table';
import { FAULTS, type Fault } from './faults';
import { Load } from './load';
import { SimulatedPage } from './page';
import { fuzzTotals, type FuzzRow } from './fuzz';
import { formatBotDetails, formatBotRow, runBot } from './bot';

const progress = (message: string) => process.stderr.write(`[chaos] ${message}\n`);
const PAGES = 5;
const BEFORE_MS = 3_000;
const AFTER_MS = 5_000;
const RECOVER_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 15_000;

async function runFault(fault: Fault, cleanup: Cleanup): Promise<FaultRow> {
  const empty = {
    requests: 0,
    ok: 0,
    unavailable: 0,
    otherServerErrors: 0,
    noAnswer: 0,
    recoverMs: null,
    lostContributions: 0,
    lostQuizSubmits: 0,
    pagesOutOfSync: 0,
  };
  const why = await fault.unavailable?.();
  if (why) return { fault: fault.name, ...empty, note: `not run: ${why}` };
  progress(`${fault.name}: starting`);
  const target = await fault.start();
  cleanup.add(fault.name, () => target.stop());
  const pages = Array.from({ length: PAGES }, () => new SimulatedPage(target.baseURL, target.slug));
  const load = new Load(target.baseURL, target.slug);
  await sleep(BEFORE_MS);
  progress(`${fault.name}: breaking`);
  await target.breakIt();
  const backAt = Date.now();
  // At least AFTER_MS more load, and until a 2xx follows the last failure (bounded).
  const healthy = () => (load.successes.at(-1) ?? 0) > Math.max(backAt, ...load.failures);
  for (
    const deadline = backAt + RECOVER_TIMEOUT_MS;
    Date.now() < deadline && (Date.now() < backAt + AFTER_MS || !healthy());
  )
    await sleep(200);
  await load.stop();
  // Recovered: the first 2xx after the last failure, counted from when the part came back.
  const lastFailure = Math.max(backAt, ...load.failures);
  const recovered = load.successes.find((at) => at >= lastFailure);

  // Settled: every page live and showing what Redis holds, or the deadline.
  const truth = await target.redis.zcard(liveEventKeys(target.slug).contributions);
  const inSync = () => pages.filter((page) => page.connection === 'live' && page.count === truth).length;
  for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; inSync() < PAGES && Date.now() < deadline;) await sleep(200);

  const stored = new Set(await target.redis.zrange(liveEventKeys(target.slug).contributions, '0', '-1'));
  const board = boardKeys();
  const marks = await Promise.all(
    load.acknowledged.quizSubmits.map((id) => target.redis.hexists(board.quizSession(id), 'submitted')),
  );
  const row: FaultRow = {
    fault: fault.name,
    ...load.tally,
    recoverMs: recovered === undefined ? null : recovered - backAt,
    lostContributions: load.acknowledged.contributions.filter((id) => !stored.has(id)).length,
    lostQuizSubmits: marks.filter((mark) => mark === 0).length,
    pagesOutOfSync: PAGES - inSync(),
    // Whatever broke, the totals still equal what the ledger sums to.
    ledgerConsistent: (await reconcileLedger(target.slug, target.redis)).consistent,
  };
  if (row.otherServerErrors > 0) progress(`${fault.name}: the app's last lines:\n${target.appLog()}`);
  pages.forEach((page) => page.close());
  await cleanup.run();
  progress(`${fault.name}: ${JSON.stringify(row)}`);
  return row;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const { args, writeTo } = takeWriteOption(process.argv.slice(2));
  process.chdir(ROOT);
  const cleanup = new Cleanup();
  const interrupted = () => void cleanup.run().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  if (args.includes('bot')) {
    // `npm run chaos -- bot [--minutes N]`: the scripted player, alone (10 minutes by default).
    const minutesAt = args.indexOf('--minutes');
    const minutes = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 10;
    if (!(minutes > 0)) throw new Error('--minutes takes a number of minutes above 0');
    if (writeTo) checkBlocks(writeTo, ['chaos:bot']);
    buildIfNeeded();
    let table: string;
    try {
      const row = await runBot(minutes, cleanup);
      table = formatBotRow(row);
      console.log(`${table}\n\n${formatBotDetails(row)}`);
    } finally {
      await cleanup.run();
    }
    if (writeTo) writeTables(writeTo, args, loadAtStart, { 'chaos:bot': table });
    return;
  }
  // `npm run chaos -- frozen cluster fuzz` runs the faults whose names hold a word, and fuzzing if named.
  const only = args.map((word) => word.toLowerCase());
  const faults = only.length
    ? FAULTS.filter((fault) => only.some((word) => fault.name.toLowerCase().includes(word)))
    : FAULTS;
  const runsFuzz = !only.length || only.includes('fuzz');
  if (writeTo) checkBlocks(writeTo, [...(faults.length ? ['chaos:faults'] : []), ...(runsFuzz ? ['chaos:fuzz'] : [])]);
  buildIfNeeded();
  const rows: FaultRow[] = [];
  let fuzz: FuzzRow | undefined;
  try {
    for (const fault of faults) rows.push(await runFault(fault, cleanup));
    if (runsFuzz) fuzz = await fuzzTotals(cleanup);
  } finally {
    await cleanup.run();
  }
  const tables = {
    ...(rows.length ? { 'chaos:faults': formatFaultTable(rows) } : {}),
    ...(fuzz ? { 'chaos:fuzz': formatFuzzTable(fuzz) } : {}),
  };
  console.log(Object.values(tables).join('\n\n'));
  const failed =
    rows.some(
      (row) =>
        row.otherServerErrors > 0 ||
        row.lostQuizSubmits > 0 ||
        row.pagesOutOfSync > 0 ||
        row.ledgerConsistent === false,
    ) ||
    (fuzz?.serverErrors ?? 0) > 0 ||
    (fuzz?.writesOn4xx ?? 0) > 0;
  console.log(
    failed
      ? '\nTargets NOT met.'
      : '\nTargets met (other 5xx 0, quiz submits lost 0, pages out of sync 0, ledgers consistent, fuzz 5xx 0, writes on 4xx 0).',
  );
  if (writeTo) writeTables(writeTo, args, loadAtStart, tables);
}

/** Each table into its block of `file`, under when, by which command and on what machine it was measured. */
function writeTables(file: string, args: string[], loadAtStart: number[], tables: Record<string, string>): void {
  const redis =
    /v=(\S+)/.exec(execFileSync(programPath('redis-server'), ['--version'], { encoding: 'utf8' }))?.[1] ?? '?';
  const machine = hostInfo(loadAtStart, redis);
  const command = ['npm run chaos', ...(args.length ? ['--', ...args] : [])].join(' ');
  const date = new Date();
  writeBlocks(
    file,
    Object.fromEntries(
      Object.entries(tables).map(([name, table]) => [
        name,
        renderMeasurement({ date, command, machine, tables: [table] }),
      ]),
    ),
  );
  progress(`wrote ${Object.keys(tables).join(', ')} into ${file}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('chaos failed:', error);
    process.exit(1);
  },
);
