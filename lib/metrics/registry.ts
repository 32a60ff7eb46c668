import { hostname } from 'node:os';
import { Registry, collectDefaultMetrics } from 'prom-client';

const globalForMetrics = globalThis as typeof globalThis & { __crowdpulseRegistry?: Registry };

/**
 * The process's one registry, shared by server.ts and Next's bundle (both module graphs reach it
 * through globalThis, and prom-client is loaded from node_modules by both).
 */
export function metricsRegistry(): Registry {
  if (globalForMetrics.__crowdpulseRegistry) return globalForMetrics.__crowdpulseRegistry;
  const registry = (globalForMetrics.__crowdpulseRegistry = new Registry());
  collectDefaultMetrics({ register: registry, prefix: 'crowdpulse_', labels: { app_instance: instanceName() } });
  return registry;
}

/**
 * This process's name in per-process metrics: INSTANCE_NAME, else hostname:port. The label is
 * `app_instance` because Prometheus sets `instance` itself (to the scraped target).
 */
export function instanceName(): string {
  return process.env.INSTANCE_NAME || `${hostname()}:${process.env.PORT ?? 3000}`;
}
