import { ledgerBackerId } from '../lib/live-events/ledger';
import { cancelContribution, reconcileLedger, recordContribution, type LiveEventsContext } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { projectKeys } from '../lib/projects/keys';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import { usedMemory, withConnection } from './memory';
import type { FigureResult } from './report';
import { commandUsec, fmt, progress } from './support';

const PLEDGES = 1_000_000;
const FILL_BATCH = 1_000;
const WRITES_AFTER = 1_000;
const AMOUNT = 25;
const RATE_PLEDGES = 5_000;
const IN_FLIGHT = 16;

/**
 * The ledger of one project with 1,000,000 pledges (issue 42): what a pledge costs in used_memory
 * once the hash is a hashtable, and whether a pledge, a repeat and a cancel stay one EVALSHA with
 * no command of 10 ms or more (SLOWLOG, every script of 1 ms or more logged). The pledges are
 * written as the script writes them, in batches of HSET, with the totals they sum to; the
 * reconciliation then sums all of them by HSCAN pages.
 */
export async function measureLedger(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    const slug = 'bench-ledger';
    await saveProject(sampleProject(slug), 0, redis);
    const before = await usedMemory(redis);
    const now = Date.now();
    progress(`ledger: ${fmt.int(PLEDGES)} pledges into one project`);
    await withConnection(server.url, async (writer) => {
      for (let first = 0; first < PLEDGES; first += FILL_BATCH) {
        const fields: string[] = [];
        for (let i = first; i < first + FILL_BATCH; i++) {
          // A visitor's id is 22 characters (lib/visitors/cookie.ts); the ledger keeps 10 of any backer.
          const backer = ledgerBackerId(`v:${i.toString(36).padStart(22, '0')}`);
          fields.push(`p${i.toString(36).padStart(11, '0')}`, `${AMOUNT}|${now - i}||0|${backer}`, `~${backer}`, '1');
        }
        await writer.hset(projectKeys.ledger(slug), ...fields);
      }
      await writer.hset(projectKeys.info(slug), 'raised', PLEDGES * AMOUNT, 'backers', PLEDGES, 'pledges', PLEDGES);
    });
    // MEMORY USAGE … SAMPLES 0 walks every field: seconds, so on a connection without the app's 2 s timeout.
    const ledgerBytes = await withConnection(server.url, async (patient) =>
      Number(await patient.memory('USAGE', projectKeys.ledger(slug), 'SAMPLES', 0)),
    );
    const filled = await usedMemory(redis);

    await redis.config('SET', 'slowlog-log-slower-than', '1000');
    await redis.config('SET', 'slowlog-max-len', '100000');
    await redis.call('SLOWLOG', 'RESET');
    await redis.config('RESETSTAT');
    progress(`ledger: ${WRITES_AFTER} pledges, repeats and cancels on it`);
    const ctx: LiveEventsContext = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
    for (let i = 0; i < WRITES_AFTER; i++) {
      await recordContribution(slug, { id: `new-${i}`, name: 'Ada', amount: AMOUNT }, ctx, `visitor-${i}`);
      await recordContribution(
        slug,
        { id: `p${(i * 997).toString(36).padStart(11, '0')}`, name: 'Ada', amount: AMOUNT },
        ctx,
      );
      if (i % 10 === 0) await cancelContribution(slug, `new-${i}`, ctx);
    }
    const operations = WRITES_AFTER * 2 + WRITES_AFTER / 10;
    const stats = await commandUsec(redis);
    const scripts = (stats.get('evalsha')?.calls ?? 0) + (stats.get('eval')?.calls ?? 0);
    // The pledges' scripts only: SLOWLOG RESET itself, freeing the fill's entries, is logged too.
    const entries = ((await redis.call('SLOWLOG', 'GET', '100000')) as [number, number, number, string[]][]).filter(
      ([, , , command]) => /^(evalsha|eval)$/i.test(command[0] ?? ''),
    );
    const slowMs = entries.map(([, , micros]) => micros / 1_000);
    const maxMs = Math.max(0, ...slowMs);
    const over10 = slowMs.filter((ms) => ms >= 10).length;
    const slowest =
      entries
        .toSorted((a, b) => b[2] - a[2])[0]?.[3]
        .slice(0, 5)
        .join(' ') ?? '—';

    progress('ledger: pledges a second, without and with a tier, on the same project');
    const rate = async (tier: string | undefined, on = slug) => {
      const started = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < RATE_PLEDGES) {
          const i = next++;
          await recordContribution(
            on,
            { id: `rate-${on}-${tier ?? 'none'}-${i}`, name: 'Ada', amount: AMOUNT, tier },
            ctx,
          );
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      return RATE_PLEDGES / ((performance.now() - started) / 1_000);
    };
    await redis.hset(
      projectKeys.info(slug),
      'tiers',
      JSON.stringify([{ id: 'early', title: 'Early bird', minimum: 1, limit: 10_000_000 }]),
    );
    // The plain contribution's path beside them: the same script on a new project, its ledger empty.
    await saveProject(sampleProject('bench-plain'), 0, redis);
    const plain = await rate(undefined, 'bench-plain');
    const withoutTier = await rate(undefined);
    const withTier = await rate('early');

    progress('ledger: reconcile by HSCAN pages');
    const started = performance.now();
    const report = await reconcileLedger(slug, redis);
    const reconcileMs = performance.now() - started;
    const perPledge = (filled - before) / PLEDGES;

    return {
      details: [
        `ledger: ${fmt.int(PLEDGES)} pledges (ids of 12 characters), each of its own backer (10 characters): used_memory +${fmt.mb(filled - before)}, ` +
          `${fmt.int(perPledge)} B a pledge with its backer; MEMORY USAGE of the ledger with its backers' index ${fmt.mb(ledgerBytes)} (a hashtable)`,
        `ledger: ${fmt.int(operations)} operations (new pledges, repeats of filled ids, cancels): ${fmt.int(scripts)} scripts; ` +
          `SLOWLOG: ${slowMs.length} commands ≥ 1 ms, ${over10} ≥ 10 ms, longest ${fmt.ms(maxMs)} (${slowest})`,
        `ledger: ${fmt.int(RATE_PLEDGES)} pledges, ${IN_FLIGHT} in flight from one connection: ${fmt.int(plain)}/s on a new project (a plain contribution), ${fmt.int(withoutTier)}/s without a tier and ${fmt.int(withTier)}/s with one at 1,000,000`,
        `ledger: reconcile of ${fmt.int(report.ledger.pledges)} pledges in ${fmt.ms(reconcileMs)}, consistent: ${report.consistent}`,
      ],
      rows: [
        {
          figure: `ledger: memory per pledge at ${fmt.int(PLEDGES)} (its backer's index entry too)`,
          measured: `${fmt.int(perPledge)} B (${fmt.mb(filled - before)} the project)`,
          baseline: '—',
          ratio: '—',
          target: '—',
          met: null,
        },
        {
          figure: `ledger: a pledge at ${fmt.int(PLEDGES)} pledges`,
          measured: `${fmt.int(scripts / operations)} round trip each, longest command ${fmt.ms(maxMs)}`,
          baseline: '—',
          ratio: '—',
          target: '1 round trip, < 10 ms',
          met: scripts === operations && maxMs < 10,
        },
        {
          figure: 'ledger: pledges/s at 1,000,000 without / with a tier',
          measured: `${fmt.int(withoutTier)} / ${fmt.int(withTier)}`,
          baseline: `${fmt.int(plain)}/s plain, new project`,
          ratio: `${Math.round((100 * withoutTier) / plain)} % / ${Math.round((100 * withTier) / plain)} %`,
          target: '—',
          met: null,
        },
        {
          figure: 'ledger: reconcile after them',
          measured: `${report.consistent ? 'consistent' : 'NOT consistent'}, ${fmt.ms(reconcileMs)}`,
          baseline: '—',
          ratio: '—',
          target: 'consistent',
          met: report.consistent,
        },
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}
