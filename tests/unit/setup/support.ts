import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A folder of stand-in programs: each prints `output` when run, as `--version` would. */
export function fakePrograms(
  programs: Record<string, string>,
  dir = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-programs-')),
): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, output] of Object.entries(programs)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' '${output}'\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

export const VERSIONS = {
  'redis-server': 'Redis server v=7.2.4 sha=00000000:0 malloc=libc bits=64',
  'redis-cli': 'redis-cli 7.2.4',
  haproxy: 'HAProxy version 2.8.5 2023/12/07',
  chromium: 'Chromium 156.0.8078.108',
};
