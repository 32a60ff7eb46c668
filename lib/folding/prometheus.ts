import { Counter, Gauge, type Registry } from 'prom-client';
import { metricsRegistry } from '../metrics/registry';
import { metricFolder } from './metric-events';
import type { FoldingStats } from './types';

const globalForFolding = globalThis as typeof globalThis & { __crowdpulseFoldingMetrics?: boolean };

/**
 * The folding counters as Prometheus metrics. They live in Redis, shared by every instance, so
 * each metric's collect() reads them at scrape time (one read per scrape, however many metrics
 * ask) instead of counting in this process. Counters are set from Redis' totals, never inc'ed.
 */
export function prometheusRegistry(): Registry {
  const registry = metricsRegistry();
  if (!globalForFolding.__crowdpulseFoldingMetrics) registerFoldingMetrics(registry);
  globalForFolding.__crowdpulseFoldingMetrics = true;
  return registry;
}

function registerFoldingMetrics(registry: Registry): void {
  // Undefined while Redis does not answer: the scrape still serves the Redis error and reconnect
  // counters operators need then, and these keep their last figures.
  let inFlight: Promise<FoldingStats | undefined> | undefined;
  const stats = () =>
    (inFlight ??= metricFolder()
      .state(0)
      .then(
        ({ stats }) => stats,
        () => undefined,
      )
      .finally(() => setTimeout(() => (inFlight = undefined))));

  const counter = (name: string, help: string, value: (s: FoldingStats) => number) =>
    new Counter({
      name: `crowdpulse_folding_${name}`,
      help,
      registers: [registry],
      async collect() {
        const current = await stats();
        if (!current) return;
        this.reset();
        this.inc(value(current));
      },
    });
  const gauge = (name: string, help: string, value: (s: FoldingStats) => number) =>
    new Gauge({
      name: `crowdpulse_folding_${name}`,
      help,
      registers: [registry],
      async collect() {
        const current = await stats();
        if (current) this.set(value(current));
      },
    });

  counter('events_total', 'post-metric-updated events received (N_total)', (s) => s.events);
  counter('new_groups_total', 'events that started a group (ZADD returned 1)', (s) => s.newGroups);
  counter('folded_total', 'events folded into a pending group (ZADD returned 0)', (s) => s.folded);
  counter('fake_new_total', 'new groups whose group had been flushed less than a window before', (s) => s.fakeNew);
  counter('published_total', 'folds published (acknowledged)', (s) => s.published);
  counter('redelivered_total', 'folds delivered again after a lease ran out', (s) => s.redelivered);
  gauge('ratio', 'folded events / all events', (s) => s.ratio);
  gauge('pending_groups', 'groups waiting to fall due', (s) => s.pending);
  gauge('claimed_folds', 'folds claimed by a poller and not yet acknowledged', (s) => s.claimed);
  gauge('window_seconds', 'the folding window in force', (s) => s.window / 1_000);
  gauge('max_wait_seconds', 'the maximum wait in force', (s) => s.maxWait / 1_000);
}
