import { Counter, Gauge, Histogram } from 'prom-client';
import { instanceName } from '../instance';
import { metricsRegistry } from './registry';

const globalForMetrics = globalThis as typeof globalThis & { __crowdpulseAppMetrics?: AppMetrics };

type AppMetrics = ReturnType<typeof createAppMetrics>;

/**
 * What each process counts by itself, labelled `app_instance` (INSTANCE_NAME, else hostname:port,
 * as in the X-Crowdpulse-Instance header; not `instance`, which Prometheus sets to the target). What lives in Redis (the folding counters) is read from Redis instead, unlabelled.
 */
export function appMetrics(): AppMetrics {
  return (globalForMetrics.__crowdpulseAppMetrics ??= createAppMetrics());
}

function createAppMetrics() {
  const app_instance = instanceName();
  // Every metric here is labelled by instance; `Labels` are its own labels besides.
  const metric = <Labels extends string>(name: string, help: string, labelNames: Labels[]) => ({
    name,
    help,
    labelNames: [...labelNames, 'app_instance' as const],
    registers: [metricsRegistry()],
  });

  const httpDuration = new Histogram({
    ...metric('crowdpulse_http_request_duration_seconds', 'HTTP requests by method, route pattern and status', [
      'method',
      'route',
      'status',
    ]),
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  const socketConnections = new Gauge(
    metric('crowdpulse_socket_connections', 'Socket.IO connections open on this instance', []),
  );
  const livePushes = new Counter(
    metric('crowdpulse_live_pushes_total', 'events pushed to sockets, one per socket reached, by event name', [
      'event',
    ]),
  );
  const redisErrors = new Counter(
    metric(
      'crowdpulse_redis_errors_total',
      "Redis failures: 'connection' errors of a client, 'command' replies that failed",
      ['client', 'kind'],
    ),
  );
  const redisReconnects = new Counter(
    metric('crowdpulse_redis_reconnects_total', 'reconnection attempts of a Redis client', ['client']),
  );
  const pubsubMessages = new Counter(
    metric(
      'crowdpulse_pubsub_messages_total',
      'messages received from Redis pub/sub, by kind of channel (project, leaderboard, folding, creators)',
      ['kind'],
    ),
  );
  const snapshotReads = new Counter(
    metric(
      'crowdpulse_live_snapshot_reads_total',
      'project snapshots read from Redis to answer watches (the others came from the cache)',
      [],
    ),
  );
  const pageRenders = new Counter(
    metric(
      'crowdpulse_page_renders_total',
      'shared pages rendered by Next for the page cache (the other views were served from it), by page kind',
      ['page'],
    ),
  );
  const rateLimitRefusals = new Counter(
    metric('crowdpulse_rate_limit_refusals_total', 'requests refused by a rate limit, by limit', ['limit']),
  );
  const foldLag = new Histogram({
    ...metric('crowdpulse_folding_poller_lag_seconds', 'from a fold falling due to this instance publishing it', []),
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });

  return {
    observeHttp: (labels: { method: string; route: string; status: number }, seconds: number) =>
      httpDuration.observe({ ...labels, app_instance }, seconds),
    socketOpened: () => socketConnections.inc({ app_instance }),
    socketClosed: () => socketConnections.dec({ app_instance }),
    pushed: (event: string) => livePushes.inc({ event, app_instance }),
    redisError: (client: string, kind: 'connection' | 'command') => redisErrors.inc({ client, kind, app_instance }),
    redisReconnect: (client: string) => redisReconnects.inc({ client, app_instance }),
    pubsubMessage: (kind: string) => pubsubMessages.inc({ kind, app_instance }),
    snapshotRead: () => snapshotReads.inc({ app_instance }),
    pageRendered: (page: string) => pageRenders.inc({ page, app_instance }),
    rateLimitRefused: (limit: string) => rateLimitRefusals.inc({ limit, app_instance }),
    foldLag: (seconds: number) => foldLag.observe({ app_instance }, Math.max(0, seconds)),
  };
}
