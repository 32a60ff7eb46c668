import { Registry, collectDefaultMetrics } from 'prom-client';
import { instanceName } from '../instance';

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
