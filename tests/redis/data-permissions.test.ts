import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createRedis, waitUntilReady } from '../../lib/redis/client';
import { startRedisServer } from '../../lib/redis/embedded';

/**
 * docs/reliability.md: the embedded Redis' data folder is 0700 and its files 0600 (its AOF holds
 * client addresses and visitor ids), what it creates (umask 077) and what an earlier run left.
 */
const parent = mkdtempSync(path.join(tmpdir(), 'redis-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

it('keeps the folder 0700 and every file in it 0600, a looser folder and file left by an earlier run included', async () => {
  const dataDir = path.join(parent, 'redis');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(path.join(dataDir, 'left-by-an-earlier-run.aof'), '', { mode: 0o644 });
  chmodSync(path.join(dataDir, 'left-by-an-earlier-run.aof'), 0o644);
  const server = await startRedisServer({ dataDir });
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    await redis.set('visitor', '198.51.100.7');
    // The AOF's files exist once Redis has written the key (fsync every second).
    await expect
      .poll(() => readdirSync(dataDir, { recursive: true }).some((name) => String(name).endsWith('.incr.aof')))
      .toBe(true);
    const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true });
    expect(entries.length).toBeGreaterThan(2);
    expect(mode(dataDir)).toBe(0o700);
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      expect([file, mode(file)]).toEqual([file, entry.isDirectory() ? 0o700 : 0o600]);
    }
  } finally {
    redis.disconnect();
    await server.stop();
  }
});
