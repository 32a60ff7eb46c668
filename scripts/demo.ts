import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureSystemPackages } from './system-packages';

/**
 * `npm run demo`: the whole product on one machine. Installs redis-server if missing, builds
 * if the sources are newer than the build, then starts server.ts with an embedded Redis (unless
 * REDIS_URL is set), the demo projects seeded and the traffic simulator on.
 */
const SOURCES = ['app', 'components', 'lib', 'next.config.js', 'package.json'];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((child) => newestModification(path.join(entry, child))));
}

function buildIfNeeded(): void {
  const buildId = path.join('.next', 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map(newestModification))) return;
  console.log('Building the app (next build) …');
  execFileSync('npx', ['next', 'build'], { stdio: 'inherit' });
}

ensureSystemPackages(['redis-server']);
buildIfNeeded();
Object.assign(process.env, { NODE_ENV: 'production' });
process.env.SEED_DEMO ??= '1';
process.env.SIMULATE ??= '1';
void import('../server');
