import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { fakePrograms, VERSIONS } from './support';

// Where `npx playwright install chromium` puts browsers, read by Playwright when first loaded.
const browsers = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-browsers-'));
process.env.PLAYWRIGHT_BROWSERS_PATH = browsers;

/** docs/configuration.md: CHROMIUM_PATH, then PATH, then the browser Playwright installed, then the usual places. */
it('finds Chromium on PATH first, then the browser Playwright installed for its pinned version', async () => {
  const { chromiumPath } = await import('../../../scripts/chromium');
  const { chromium } = await import('playwright-core');
  const playwrights = chromium.executablePath();
  expect(playwrights.startsWith(browsers)).toBe(true);
  const onPath = fakePrograms({ chromium: VERSIONS.chromium });
  const named = fakePrograms({ mine: VERSIONS.chromium });

  expect(chromiumPath({ PATH: '/nonexistent' })).not.toBe(playwrights);
  fakePrograms({ [path.relative(browsers, playwrights)]: VERSIONS.chromium }, browsers);
  expect(chromiumPath({ PATH: '/nonexistent' })).toBe(playwrights);
  expect(chromiumPath({ PATH: onPath })).toBe(path.join(onPath, 'chromium'));
  expect(chromiumPath({ PATH: onPath, CHROMIUM_PATH: path.join(named, 'mine') })).toBe(path.join(named, 'mine'));
});
