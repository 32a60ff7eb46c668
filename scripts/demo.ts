import path from 'node:path';
import { keptVisitorSecret, makeAdminToken } from '../lib/server/start-guards';
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
// The demo's embedded Redis keeps its data (AOF) in data/redis, which git ignores: neither a
// Redis crash nor stopping and starting the demo loses the leaderboard. Tests and bench stay throwaway.
process.env.REDIS_DATA_DIR ??= path.join(process.cwd(), 'data', 'redis');
// The demo's admin token, made up unless given, and printed here only: the server never logs it.
process.env.ADMIN_TOKEN ||= makeAdminToken();
process.env.VISITOR_SECRET ||= keptVisitorSecret(path.join(process.cwd(), 'data'));
console.log(`admin token (Authorization: Bearer …): ${process.env.ADMIN_TOKEN}`);
void import('../server');
