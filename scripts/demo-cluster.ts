import path from 'node:path';
import { z } from 'zod';
import { startLocalCluster } from '../lib/scale/local-cluster';
import { keptVisitorSecret, makeAdminToken } from '../lib/server/start-guards';
import { startScaledSite } from '../lib/scale/site';
import { buildIfNeeded } from './build-if-needed';
import { ensureSystemPackages } from './system-packages';

/**
 * `npm run demo:cluster`: the product as it runs at scale, on one machine. A Redis Cluster of
 * 3 masters and 3 replicas, INSTANCES app instances (2) and HAProxy in front on PORT (3000).
 * The first instance seeds and runs the simulator: on every instance it would multiply the
 * site's traffic by their number. Ctrl-C or SIGTERM stops every process it started.
 */
const settings = z
  .object({
    INSTANCES: z.coerce.number().int().min(1).max(16).default(2),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    SIMULATE: z.enum(['0', '1']).default('1'),
  })
  .parse({
    INSTANCES: process.env.INSTANCES || undefined,
    PORT: process.env.PORT || undefined,
    SIMULATE: process.env.SIMULATE || undefined,
  });

/** One readable line per log record of an instance (they log JSON lines when not on a terminal). */
function printOutput(instance: string, chunk: string): void {
  for (const line of chunk.split('\n').filter(Boolean)) {
    let text = line;
    try {
      const record = JSON.parse(line) as { msg?: string; err?: unknown };
      text = [record.msg, record.err === undefined ? '' : JSON.stringify(record.err)].filter(Boolean).join(' ');
    } catch {}
    console.log(`[${instance}] ${text}`);
  }
}

async function main(): Promise<void> {
  ensureSystemPackages(['redis-server', 'haproxy']);
  buildIfNeeded();
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping HAProxy, the app instances and the Redis Cluster …');
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    process.exit(code);
  };
  // A closed terminal (SIGHUP, then EPIPE on the next line printed) must not cut the stop short:
  // the instances run in process groups of their own, and would be left running.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

  try {
    console.log('Starting a local Redis Cluster (3 masters, 3 replicas) …');
    const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 1 });
    stops.push(() => cluster.stop());
    const adminToken = process.env.ADMIN_TOKEN || makeAdminToken();
    console.log(`Starting ${settings.INSTANCES} app instance(s) on ${cluster.seedNodes} …`);
    const site = await startScaledSite({
      instances: settings.INSTANCES,
      port: settings.PORT,
      env: {
        REDIS_CLUSTER_NODES: cluster.seedNodes,
        ADMIN_TOKEN: adminToken,
        VISITOR_SECRET: process.env.VISITOR_SECRET || keptVisitorSecret(path.join(process.cwd(), 'data')),
        SEED_DEMO: '0',
        SIMULATE: '0',
      },
      firstInstanceEnv: { SEED_DEMO: '1', SIMULATE: settings.SIMULATE },
      onOutput: printOutput,
    });
    stops.push(() => site.stop());
    console.log(
      [
        '',
        `crowdpulse at scale on http://localhost:${settings.PORT} (HAProxy)`,
        ...site.apps.map(({ name, app }) => `  ${name}: ${app.baseURL}`),
        `  Redis Cluster: ${cluster.seedNodes}`,
        `  admin token (Authorization: Bearer …): ${adminToken}`,
        'Every response names its instance in X-Crowdpulse-Instance, and every page in its footer. Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error('demo:cluster failed to start:', error);
    await shutdown(1);
  }
}

void main();
