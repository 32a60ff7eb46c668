import { buildIfNeeded } from './build-if-needed';
import { ensureSystemPackages } from './system-packages';

/**
 * `npm run demo`: the whole product on one machine. Installs redis-server if missing, builds
 * if the sources are newer than the build, then starts server.ts with an embedded Redis (unless
 * REDIS_URL or REDIS_CLUSTER_NODES is set), the demo projects seeded and the traffic simulator on.
 */
ensureSystemPackages(['redis-server']);
buildIfNeeded();
Object.assign(process.env, { NODE_ENV: 'production' });
process.env.SEED_DEMO ??= '1';
process.env.SIMULATE ??= '1';
void import('../server');
