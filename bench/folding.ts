import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { foldingConfig } from '../lib/folding/config';
import { BURST_METRICS } from '../lib/folding/burst';
import { Folder } from '../lib/folding/folder';
import { metricEventsSpec, type MetricEvent } from '../lib/folding/metric-events';
import { parseFoldingMessage } from '../lib/folding/parse';
import { startFoldPoller } from '../lib/folding/poller';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import type { FigureResult } from './report';
import { fmt, percentile, progress, sleep } from './support';

const THROUGHPUT_EVENTS = 30_000;
const IN_FLIGHT = 500;
const ACCOUNTS = 200;
const POLLERS = 4;

const event = (i: number): MetricEvent => ({
  id: `post_${i}`,
  account_id: `account_${i % ACCOUNTS}`,
  metrics: { [BURST_METRICS[i % BURST_METRICS.length]!]: i, [BURST_METRICS[(i + 1) % BURST_METRICS.length]!]: i },
});

/** Events per second for `job`, IN_FLIGHT at a time on one connection. */
async function rate(count: number, job: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count - i) }, (_, j) => job(i + j)));
  }
  return (count / (performance.now() - started)) * 1_000;
}

const folderNamed = (redis: Redis, windowMs: number, maxWaitMs: number) =>
  new Folder(
    { ...metricEventsSpec, name: `bench-${randomBytes(3).toString('hex')}` },
    foldingConfig({ windowMs, maxWaitMs, leaseMs: 10_000 }),
    redis,
  );

/**
 * Fold throughput against the folding write-up's two commands (ZADD + SADD, pipelined, no counters, no max
 * wait, no atomicity) in the same run; then a bursty trace through 4 concurrent pollers:
 * folding ratio, duplicate publications, and the delay from a group falling due to its ack.
 */
export async function measureFolding(): Promise<FigureResult> {
  const server = await startRedisServer();
  const clients = Array.from({ length: POLLERS + 2 }, () => createRedis(server.url));
  try {
    await Promise.all(clients.map((client) => waitUntilReady(client)));
    const [redis, subscriber, ...pollerClients] = clients as [Redis, Redis, ...Redis[]];

    progress(
      `folding: ${fmt.int(THROUGHPUT_EVENTS)} folds vs ${fmt.int(THROUGHPUT_EVENTS)} ZADD+SADD pipelines, ${IN_FLIGHT} in flight`,
    );
    const throughputFolder = folderNamed(redis, 60_000, 120_000);
    await rate(2_000, (i) => throughputFolder.fold(event(i), Date.now())); // warm-up
    // One hash tag, as the folder's own keys: the pipeline stays in one slot on a cluster too.
    const baselineKey = `{bench-seed-${randomBytes(3).toString('hex')}}`;
    const seedWay = (i: number) => {
      const e = event(i);
      return redis
        .pipeline()
        .zadd(baselineKey, Date.now(), e.account_id)
        .sadd(`${baselineKey}:${e.account_id}`, ...Object.keys(e.metrics))
        .exec();
    };
    await rate(2_000, seedWay);
    const foldRate = await rate(THROUGHPUT_EVENTS, (i) => throughputFolder.fold(event(i), Date.now()));
    const seedRate = await rate(THROUGHPUT_EVENTS, seedWay);

    progress('folding: bursty trace, 10,000 events across 200 accounts, 4 pollers');
    const folder = folderNamed(redis, 200, 2_000);
    const publishedKeys: string[] = [];
    const latencies: number[] = [];
    subscriber.on('smessage', (_channel: string, message: string) => {
      const parsed = parseFoldingMessage(message, folder.spec.name);
      if (!parsed) return;
      publishedKeys.push(parsed.key);
      latencies.push(parsed.publishedAt - parsed.dueAt);
    });
    for (const shard of folder.shards) await subscriber.ssubscribe(shard.changes);
    const pollers = pollerClients.map((client) =>
      startFoldPoller(new Folder(folder.spec, folder.config, client), { handle: async () => undefined }),
    );
    // Two waves of five bursts (1,000 events each, 50 ms apart), half a second apart: each
    // account folds across a wave and is published once per wave.
    let sent = 0;
    for (const wave of [0, 1]) {
      for (let burst = 0; burst < 5; burst++) {
        await Promise.all(Array.from({ length: 1_000 }, () => folder.fold(event(sent++), Date.now())));
        await sleep(50);
      }
      if (wave === 0) await sleep(500);
    }
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { stats } = await folder.state(0);
      if (stats.pending === 0 && stats.claimed === 0) break;
      await sleep(50);
    }
    await Promise.all(pollers.map((poller) => poller.stop()));
    await subscriber.ping();
    const { stats } = await folder.state(0);
    const duplicates = publishedKeys.length - new Set(publishedKeys).size;
    const sorted = [...latencies].sort((a, b) => a - b);
    const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];

    return {
      details: [
        `fold: ${fmt.int(foldRate)} events/s (one EVALSHA: ZADD GT, first-event time, SADD, 3 counters); ` +
          `the write-up's ZADD + SADD pipelined: ${fmt.int(seedRate)} events/s`,
        `bursty trace: ${fmt.int(stats.events)} events, ${fmt.int(stats.newGroups)} new groups (${stats.fakeNew} fake new), ` +
          `${fmt.int(stats.folded)} folded, ${fmt.int(stats.published)} folds published, ${duplicates} published twice, ` +
          `${stats.pending} left pending; window 200 ms, max wait 2 s, ${POLLERS} pollers`,
        `publish latency after the window: ${latencies.length} folds, p50 ${fmt.ms(p50)}, p99 ${fmt.ms(p99)}, max ${fmt.ms(sorted.at(-1) ?? 0)}`,
      ],
      rows: [
        {
          figure: 'fold throughput',
          measured: `${fmt.int(foldRate)} events/s`,
          baseline: `${fmt.int(seedRate)} ZADD+SADD/s`,
          ratio: fmt.pct(foldRate / seedRate),
          target: '—',
          met: null,
        },
        {
          figure: 'folding ratio, bursty trace, 4 pollers',
          measured: `${(stats.ratio * 100).toFixed(1)} %, ${duplicates} duplicates`,
          baseline: '—',
          ratio: '—',
          target: '≥ 95 %, 0 duplicates',
          met:
            stats.ratio >= 0.95 && duplicates === 0 && stats.published === publishedKeys.length && stats.pending === 0,
        },
        {
          figure: 'publish latency after the window',
          measured: `p50 ${fmt.ms(p50)} / p99 ${fmt.ms(p99)}`,
          baseline: '—',
          ratio: '—',
          target: '—',
          met: null,
        },
      ],
    };
  } finally {
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    await server.stop();
  }
}
