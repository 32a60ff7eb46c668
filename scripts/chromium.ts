import { findProgram, type Environment, type ProgramLookup } from '../lib/programs';

export const CHROMIUM: ProgramLookup = {
  env: 'CHROMIUM_PATH',
  names: ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'],
  locations: [
    '/usr/bin/chromium',
    '/usr/lib/chromium/chromium',
    '/snap/bin/chromium',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
};

/** Where `npx playwright install chromium` puts the browser the pinned Playwright expects (PLAYWRIGHT_BROWSERS_PATH respected). */
function playwrightsChromium(): string[] {
  try {
    // Loaded only when asked: the server never needs a browser, and a production install has no Playwright.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    return [chromium.executablePath()];
  } catch {
    return [];
  }
}

/** The Chromium the e2e, the bench and the screenshots drive: CHROMIUM_PATH, PATH, Playwright's own, the usual places. */
export function chromiumPath(env: Environment = process.env): string | undefined {
  return findProgram('chromium', CHROMIUM, env, playwrightsChromium());
}
