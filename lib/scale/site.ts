import { randomBytes } from 'node:crypto';
import { freePort } from '../redis/embedded';
import { rawSetting } from '../config';
import { AppProcess, type AppProcessOptions } from './app-process';
import { startHaproxy, type HaproxyHandle } from './haproxy';

export type ScaledSiteOptions = {
  /** How many app instances (≥ 1). */
  instances: number;
  /** HAProxy's port; a free one when not given. */
  port?: number;
  /** Every instance's environment: the Redis to use (REDIS_CLUSTER_NODES or REDIS_URL), ADMIN_TOKEN, … */
  env: Record<string, string>;
  /** Only the first instance's: what must happen once for the whole site (seeding, the simulator). */
  firstInstanceEnv?: Record<string, string>;
  onOutput?: (instance: string, chunk: string) => void;
  /** How to start one instance; tests pass theirs (quiet, no rate limit). */
  startApp?: (env: Record<string, string>, options: AppProcessOptions) => Promise<AppProcess>;
};

export type ScaledSite = {
  /** HAProxy's address: what browsers use. */
  url: string;
  apps: { name: string; app: AppProcess }[];
  haproxy: HaproxyHandle;
  stop(): Promise<void>;
};

/** Also the HAProxy server's name and its SERVERID cookie value. */
const instanceNameOf = (index: number) => `instance-${index + 1}`;

/**
 * N app instances behind HAProxy, as a site runs at scale. The first instance starts alone (it
 * may seed); the others then start together. Each is named (INSTANCE_NAME) like its HAProxy
 * server, listens on loopback, trusts the X-Forwarded-For of a proxy on this host only, and shares one VISITOR_SECRET with the others.
 */
export async function startScaledSite(options: ScaledSiteOptions): Promise<ScaledSite> {
  const startApp = options.startApp ?? ((env, appOptions) => AppProcess.start(env, appOptions));
  // One visitor-cookie key for the whole site, or each instance would refuse the others' cookies.
  const visitorSecret =
    options.env.VISITOR_SECRET || rawSetting('VISITOR_SECRET') || randomBytes(32).toString('base64url');
  const apps: ScaledSite['apps'] = [];
  const stopApps = () => Promise.all(apps.map(({ app }) => app.stop())).then(() => undefined);
  const startOne = async (index: number) => {
    const name = instanceNameOf(index);
    const env = {
      ...options.env,
      ...(index === 0 ? options.firstInstanceEnv : {}),
      VISITOR_SECRET: visitorSecret,
      INSTANCE_NAME: name,
      // Only HAProxy, on this host, reaches an instance, and only its X-Forwarded-For counts.
      LISTEN_ADDRESS: '127.0.0.1',
      TRUST_PROXY: '1',
    };
    const app = await startApp(env, { onOutput: (chunk) => options.onOutput?.(name, chunk) });
    apps[index] = { name, app };
  };
  try {
    await startOne(0);
    await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => startOne(i + 1)));
    const port = options.port ?? (await freePort());
    // RATE_LIMIT_PER_MIN=0 turns every per-address limit off: HAProxy's per-source one too.
    const connectionsPerSource = options.env.RATE_LIMIT_PER_MIN === '0' ? 0 : undefined;
    const haproxy = await startHaproxy(
      port,
      apps.map(({ name, app }) => ({ name, port: app.port })),
      { connectionsPerSource },
    );
    return {
      url: haproxy.url,
      apps,
      haproxy,
      async stop() {
        await haproxy.stop();
        await stopApps();
      },
    };
  } catch (error) {
    await stopApps();
    throw error;
  }
}
