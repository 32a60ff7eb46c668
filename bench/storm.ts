import { randomBytes } from 'node:crypto';
import { startScaledSite, type ScaledSite } from '../lib/scale/site';
import { startBenchCluster } from './cluster';
import type { FigureResult } from './report';
import { fmt, percentile, progress, sleep } from './support';

const VIEWS = Number(process.env.BENCH_STORM_VIEWS ?? 5_000);
const CONNECTIONS = 64;
const WRITES_PER_SECOND = 50;
const SLUG = 'tidal-synth';
const FRESH_WITHIN_MS = 1_000;

type View = { sentAt: number; ms: number; version: number };

/** The live snapshot's version in a project page's HTML (its initial props, in Next's flight data). */
const versionIn = (html: string) => Number(/\\?"version\\?":(\d+)/.exec(html)?.[1] ?? Number.NaN);

async function view(url: string): Promise<View> {
  const sentAt = Date.now();
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`a view answered ${response.status}`);
  return { sentAt, ms: Date.now() - sentAt, version: versionIn(html) };
}

/** Each instance's counter, summed over its series. */
async function counterOf(site: ScaledSite, name: string, adminToken: string): Promise<number[]> {
  return Promise.all(
    site.apps.map(async ({ app }) => {
      const text = await (
        await fetch(`${app.baseURL}/api/metrics`, { headers: { authorization: `Bearer ${adminToken}` } })
      ).text();
      return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce(
        (sum, [, n]) => sum + Number(n),
        0,
      );
    }),
  );
}

/**
 * How late a view was: from the answer of the first write its HTML does not show (versions
 * move by one per contribution here) to the moment the view was sent; 0 when it showed every
 * write answered before it was sent.
 */
function lagOf(seen: View, firstVersion: number, answeredAt: readonly number[]): number {
  const firstUnseen = answeredAt[seen.version - firstVersion];
  return firstUnseen !== undefined && firstUnseen < seen.sentAt ? seen.sentAt - firstUnseen : 0;
}

/**
 * `npm run bench -- storm`: a launch on the site at scale (the cluster, 2 instances, HAProxy):
 * VIEWS page loads of one project through HAProxy, CONNECTIONS at a time, while it takes 50
 * contributions a second. Counted: the snapshot reads and renders of both instances (at most
 * one per version per instance), and how far behind the writes each page's HTML was.
 */
export async function measureStorm(): Promise<FigureResult> {
  const { cluster, redis } = await startBenchCluster();
  const adminToken = randomBytes(18).toString('base64url');
  progress('storm: starting 2 instances behind HAProxy on the cluster');
  const site = await startScaledSite({
    instances: 2,
    env: {
      RATE_LIMIT_PER_MIN: '0',
      SIMULATE: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      REDIS_CLUSTER_NODES: cluster.seedNodes,
      ADMIN_TOKEN: adminToken,
    },
    firstInstanceEnv: { SEED_DEMO: '1' },
  });
  try {
    const page = `${site.url}/en/projects/${SLUG}`;
    for (let i = 0; i < 20; i++) await view(page); // both instances have rendered and subscribed
    const firstVersion = (await view(page)).version;
    const readsBefore = await counterOf(site, 'crowdpulse_live_snapshot_reads_total', adminToken);
    const rendersBefore = await counterOf(site, 'crowdpulse_page_renders_total', adminToken);

    const answeredAt: number[] = [];
    let writing = true;
    let failedWrites = 0;
    const writer = (async () => {
      const pending: Promise<void>[] = [];
      for (let next = Date.now(); writing; next += 1_000 / WRITES_PER_SECOND) {
        await sleep(Math.max(0, next - Date.now()));
        const post = fetch(`${site.url}/api/projects/${SLUG}/contributions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Launch', amount: 5 }),
        });
        pending.push(
          post.then(
            (response) => void (response.status === 201 ? answeredAt.push(Date.now()) : failedWrites++),
            () => void failedWrites++,
          ),
        );
      }
      await Promise.all(pending);
    })();

    progress(
      `storm: ${VIEWS} views of ${SLUG} through HAProxy, ${CONNECTIONS} at a time, ${WRITES_PER_SECOND} contributions a second`,
    );
    const views: View[] = [];
    let left = VIEWS;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (left-- > 0) views.push(await view(page));
      }),
    );
    const seconds = (Date.now() - started) / 1_000;
    writing = false;
    await writer;
    answeredAt.sort((a, b) => a - b);

    const lastVersion = (await view(page)).version;
    const versions = lastVersion - firstVersion + 1;
    const reads = (await counterOf(site, 'crowdpulse_live_snapshot_reads_total', adminToken)).map(
      (n, i) => n - readsBefore[i]!,
    );
    const renders = (await counterOf(site, 'crowdpulse_page_renders_total', adminToken)).map(
      (n, i) => n - rendersBefore[i]!,
    );
    const oneVersionPerWrite = lastVersion - firstVersion === answeredAt.length;
    const lags = views.map((seen) => lagOf(seen, firstVersion, answeredAt)).sort((a, b) => a - b);
    const latencies = views.map(({ ms }) => ms).sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const totalReads = reads.reduce((a, b) => a + b, 0);
    const maxLag = lags.at(-1) ?? 0;
    return {
      details: [
        `${fmt.int(VIEWS)} views in ${seconds.toFixed(1)} s (${fmt.int(VIEWS / seconds)}/s) through HAProxy to 2 instances on a 3-master cluster; ${answeredAt.length} contributions answered 201, ${failedWrites} not`,
        `snapshot reads by instance: ${reads.join(' + ')}; renders by instance: ${renders.join(' + ')}; versions ${firstVersion} → ${lastVersion}`,
        `view latency p50 ${fmt.ms(percentile(latencies, 50))}, p99 ${fmt.ms(p99)}; HTML behind the writes: p99 ${fmt.ms(percentile(lags, 99))}, max ${fmt.ms(maxLag)}${oneVersionPerWrite ? '' : ' (versions did not move one per write: lag not exact)'}`,
        'the bench process sends the views and the writes; the instances, HAProxy, 6 redis-servers and the bench share the machine',
      ],
      rows: [
        {
          figure: 'page storm: snapshot reads (2 instances)',
          measured: fmt.int(totalReads),
          baseline: `${versions} versions × 2`,
          ratio: (totalReads / (versions * 2)).toFixed(2),
          target: '≤ versions × instances',
          met: totalReads <= versions * 2,
        },
        {
          figure: 'page storm: view p99',
          measured: fmt.ms(p99),
          baseline: '—',
          ratio: '—',
          target: '< 500 ms',
          met: p99 < 500,
        },
        {
          figure: 'page storm: HTML behind the writes, max',
          measured: fmt.ms(maxLag),
          baseline: '—',
          ratio: '—',
          target: `≤ ${FRESH_WITHIN_MS} ms`,
          met: oneVersionPerWrite && failedWrites === 0 ? maxLag <= FRESH_WITHIN_MS : false,
        },
      ],
    };
  } finally {
    await site.stop();
    redis.disconnect();
    await cluster.stop();
  }
}
