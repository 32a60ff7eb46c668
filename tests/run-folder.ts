import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One temporary folder for a whole test run: TMPDIR points there before any worker starts, so
 * every folder a test or a server it starts makes (stand-in programs, HAProxy's configuration,
 * Redis' data) is inside it, and it is removed when the run ends, whatever the tests left.
 * Vitest's projects and Playwright's global set-up share it; the first to ask makes it.
 */
export function useRunFolder(): (() => void) | undefined {
  if (process.env.CROWDPULSE_RUN_FOLDER) return undefined;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-run-'));
  // Others may pass through to a folder made readable inside (tests/machine/as-user.test.ts), never list it.
  chmodSync(folder, 0o711);
  process.env.CROWDPULSE_RUN_FOLDER = folder;
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

export default useRunFolder;
