import { Counter, Gauge, Histogram } from 'prom-client';
import { instanceName } from '../http/instance';
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
  const registers = [metricsRegistry()];
  const app_instance = instanceName();
  const perInstance = <Names extends string>(labelNames: Names[]) => [...labelNames, 'app_instance' as const];

  const httpDuration = new Histogram({
    name: 'crowdpulse_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: perInstance(['method', 'route', 'status']),
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const socketConnections = new Gauge({
    name: 'crowdpulse_socket_connections',
    help: 'Socket.IO connections open on this instance',
    labelNames: perInstance([]),
    registers,
  });
  const livePushes = new Counter({
    name: 'crowdpulse_live_pushes_total',
    help: 'events pushed to sockets, one per socket reached, by event name',
    labelNames: perInstance(['event']),
    registers,
  });
  const redisErrors = new Counter({
    name: 'crowdpulse_redis_errors_total',
    help: "Redis failures: 'connection' errors of a client, 'command' replies that failed",
    labelNames: perInstance(['client', 'kind']),
    registers,
  });
  const redisReconnects = new Counter({
    name: 'crowdpulse_redis_reconnects_total',
    help: 'reconnection attempts of a Redis client',
    labelNames: perInstance(['client']),
    registers,
  });
  const pubsubMessages = new Counter({
    name: 'crowdpulse_pubsub_messages_total',
    help: 'messages received from Redis pub/sub, by kind of channel (project, leaderboard, folding, creators)',
    labelNames: perInstance(['kind']),
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'crowdpulse_rate_limit_refusals_total',
    help: 'requests refused by a rate limit, by limit',
    labelNames: perInstance(['limit']),
    registers,
  });
  const foldLag = new Histogram({
    name: 'crowdpulse_folding_poller_lag_seconds',
    help: 'from a fold falling due to this instance publishing it',
    labelNames: perInstance([]),
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
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
    rateLimitRefused: (limit: string) => rateLimitRefusals.inc({ limit, app_instance }),
    foldLag: (seconds: number) => foldLag.observe({ app_instance }, Math.max(0, seconds)),
  };
}
