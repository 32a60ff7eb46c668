import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from './fixtures';
import { BASELINE_FILE } from './baseline';

/** What visitors see before the smoke suite runs: compared after it (after.teardown.ts). */
test('record the catalogue’s cards and the boards’ rows', async ({ api }) => {
  mkdirSync(BASELINE_FILE.replace(/\/[^/]+$/, ''), { recursive: true });
  writeFileSync(BASELINE_FILE, JSON.stringify(await api.visible()));
});
