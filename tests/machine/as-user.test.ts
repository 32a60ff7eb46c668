import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const NOBODY = 65534;
const ROOT = path.resolve(__dirname, '../..');

/**
 * The README's "nothing to install by hand, no root needed": on a machine that has the programs
 * (`npm run doctor` has just said so), a user who is not root passes the same check with a user's
 * PATH (no /usr/sbin, where Debian keeps haproxy). The check and this Node are copied where that
 * user can read them, so a checkout in a private folder (`/root`, `mktemp -d`) changes nothing.
 * Only root can become another user: elsewhere there is no one else to be.
 */
it.runIf(process.getuid?.() === 0)(
  'passes for a user who is not root, on a machine that has the programs',
  { timeout: 90_000 },
  () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-user-'));
    try {
      chmodSync(home, 0o755);
      const doctor = path.join(home, 'doctor.cjs');
      const node = path.join(home, 'node');
      execFileSync(
        path.join(ROOT, 'node_modules', '.bin', 'esbuild'),
        [
          'scripts/doctor.ts',
          '--bundle',
          '--platform=node',
          '--external:playwright-core',
          `--outfile=${doctor}`,
          '--log-level=warning',
        ],
        { cwd: ROOT },
      );
      copyFileSync(process.execPath, node);
      chmodSync(node, 0o755);
      const run = spawnSync(node, [doctor], {
        cwd: home,
        uid: NOBODY,
        gid: NOBODY,
        env: { NODE_ENV: 'test', PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home, TMPDIR: home },
        encoding: 'utf8',
        timeout: 80_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^ok +haproxy +\d+\.\d+/m);
      expect(run.status).toBe(0);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
