import { spawnSync } from 'node:child_process';
import { mkdtempSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const NOBODY = 65534;
const ROOT = path.resolve(__dirname, '../../..');

/**
 * The README's "nothing to install by hand, no root needed": on a machine that has the programs,
 * a user who is not root passes the check with a user's PATH (no /usr/sbin, where Debian keeps
 * haproxy). Only root can become another user, so elsewhere the check runs as its own user anyway.
 */
// Its own tsx cache to fill and Chromium to start: a minute's patience on a busy machine.
it.runIf(process.getuid?.() === 0)('passes for a user who is not root, on a machine that has the programs', { timeout: 90_000 }, () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-user-'));
  chmodSync(home, 0o777);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/system-packages.ts', 'redis-server', 'chromium', 'haproxy', 'fonts'], {
    cwd: ROOT,
    uid: NOBODY,
    gid: NOBODY,
    env: { NODE_ENV: 'test', PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home, TMPDIR: home },
    encoding: 'utf8',
    timeout: 80_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});
