import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_MIN_LENGTH,
  checkAdminToken,
  embeddedRedisDataDir,
  keptVisitorSecret,
  makeAdminToken,
} from '../../../lib/server/start-guards';

/**
 * server.ts as `npm start` runs it, until it exits: its exit code and what it printed. It stops
 * before starting any Redis, so these run in the unit tier; a cold tsx start on a busy machine
 * takes seconds, hence each such test's minute.
 */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), ['server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: '',
      REDIS_DATA_DIR: '',
      PORT: '0',
      VISITOR_SECRET: 'v'.repeat(32),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('npm start refuses what would lose data or open the admin routes to a guess', () => {
  it('an ADMIN_TOKEN under 24 characters stops the start with a message that says so; unset, the admin routes are closed', () => {
    expect(() => checkAdminToken({ ADMIN_TOKEN: 'x'.repeat(ADMIN_TOKEN_MIN_LENGTH - 1) })).toThrow(
      /ADMIN_TOKEN has 23 characters; it must have at least 24/,
    );
    expect(checkAdminToken({ ADMIN_TOKEN: 'x'.repeat(ADMIN_TOKEN_MIN_LENGTH) })).toBe('configured');
    expect(checkAdminToken({})).toBe('unset');
    expect(checkAdminToken({ ADMIN_TOKEN: makeAdminToken() })).toBe('configured');
  });

  it('in production the embedded Redis needs REDIS_DATA_DIR; elsewhere it may be throwaway', () => {
    expect(() => embeddedRedisDataDir({ NODE_ENV: 'production' })).toThrow(/refuses a throwaway Redis/);
    expect(embeddedRedisDataDir({ NODE_ENV: 'production', REDIS_DATA_DIR: '/var/lib/crowdpulse' })).toBe(
      '/var/lib/crowdpulse',
    );
    expect(embeddedRedisDataDir({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it(
    'server.ts in production without REDIS_URL, REDIS_CLUSTER_NODES or REDIS_DATA_DIR exits 1 before starting any Redis',
    { timeout: 60_000 },
    async () => {
      const { code, output } = await startServer({ ADMIN_TOKEN: makeAdminToken() });
      expect(code).toBe(1);
      expect(output).toContain('npm start refuses a throwaway Redis');
      expect(output).not.toContain('started a private, supervised redis-server');
    },
  );

  it(
    'server.ts without VISITOR_SECRET exits 1 and says why: a secret made up at each start would refuse every cookie after a restart',
    { timeout: 60_000 },
    async () => {
      const { code, output } = await startServer({
        ADMIN_TOKEN: makeAdminToken(),
        VISITOR_SECRET: '',
        REDIS_DATA_DIR: '/nonexistent/never-used',
      });
      expect(code).toBe(1);
      expect(output).toContain('npm start refuses to run without VISITOR_SECRET');
      expect(output).not.toContain('started a private, supervised redis-server');
    },
  );

  it('the demos make up a visitor secret once and keep it in their data folder, so a restart keeps every visitor', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'crowdpulse-demo-'));
    try {
      const first = keptVisitorSecret(folder);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(keptVisitorSecret(folder)).toBe(first);
      expect(statSync(path.join(folder, 'visitor-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it(
    'server.ts with a short ADMIN_TOKEN exits 1 and says why, without printing the token',
    { timeout: 60_000 },
    async () => {
      const { code, output } = await startServer({
        ADMIN_TOKEN: 'short-admin-token',
        REDIS_DATA_DIR: '/nonexistent/never-used',
      });
      expect(code).toBe(1);
      expect(output).toContain('ADMIN_TOKEN has 17 characters; it must have at least 24');
      expect(output).not.toContain('short-admin-token');
    },
  );

  it(
    'server.ts with malformed settings exits 1 naming each, before starting any Redis',
    { timeout: 60_000 },
    async () => {
      const { code, output } = await startServer({
        ADMIN_TOKEN: makeAdminToken(),
        TIMELINE_CAP: 'many',
        FOLD_SHARDS: '0',
        REDIS_DATA_DIR: '/nonexistent/never-used',
      });
      expect(code).toBe(1);
      expect(output).toContain('TIMELINE_CAP=');
      expect(output).toContain('FOLD_SHARDS=');
      expect(output).not.toContain('started a private, supervised redis-server');
    },
  );
});
