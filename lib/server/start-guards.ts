import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processEnv, type Env } from '../config';

/** The shortest ADMIN_TOKEN the server accepts: 24 characters (18 random bytes in base64url). */
export const ADMIN_TOKEN_MIN_LENGTH = 24;

/** A token for the demos to make up and print (`npm run demo`, `npm run demo:cluster`). */
export function makeAdminToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Whether the admin routes are open: with an ADMIN_TOKEN of at least 24 characters; without one
 * they answer 401 to everyone. A shorter one stops the start: it could be guessed.
 */
export function checkAdminToken(env: Env = processEnv()): 'configured' | 'unset' {
  const token = env.ADMIN_TOKEN;
  if (!token) return 'unset';
  if (token.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new Error(
      `ADMIN_TOKEN has ${token.length} characters; it must have at least ${ADMIN_TOKEN_MIN_LENGTH} ` +
        '(make one with `openssl rand -base64 24`), or leave it unset to close the admin routes',
    );
  }
  return 'configured';
}

/**
 * Where the embedded redis-server (no REDIS_URL, no REDIS_CLUSTER_NODES) keeps its data. In
 * production there must be a REDIS_DATA_DIR: a Redis without one starts empty after every crash,
 * and the projects and boards would vanish without a word. Elsewhere (`npm run dev`, the tests)
 * it may be throwaway.
 */
export function embeddedRedisDataDir(env: Env = processEnv()): string | undefined {
  const dataDir = env.REDIS_DATA_DIR || undefined;
  if (!dataDir && env.NODE_ENV === 'production') {
    throw new Error(
      'npm start refuses a throwaway Redis: set REDIS_URL or REDIS_CLUSTER_NODES to your Redis, or ' +
        'REDIS_DATA_DIR to a directory where the embedded redis-server keeps its data (AOF)',
    );
  }
  return dataDir;
}

/**
 * The demos' VISITOR_SECRET: made up once and kept in their data folder (`data/visitor-secret`,
 * readable by its owner only), so stopping and starting a demo keeps every visitor's cookie.
 */
export function keptVisitorSecret(folder: string): string {
  const file = path.join(folder, 'visitor-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(folder, { recursive: true });
    const made = randomBytes(32).toString('base64url');
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    return made;
  }
}
