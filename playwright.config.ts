import { defineConfig, devices } from '@playwright/test';
import { RESULTS_DIR } from './e2e/deployed/baseline';
import { chromiumPath } from './scripts/chromium';
import { browserOrExit } from './e2e/support/browser';

/** Flags for a sandboxed machine with no network; which Chromium: scripts/chromium.ts. */
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  // Most of a spec's time is spent waiting (for sockets, servers starting, a window to pass), not on
  // a core: three workers on two cores keep them busy, which two did not (about 0.7 cores used).
  workers: 3,
  // Each wait is on what a page shows (expect, below); a test's budget is for its steps, and a
  // whole game or feed on a phone is dozens of them, each slower while another process is busy.
  timeout: 120_000,
  // Three workers share two cores with their browsers and app servers: a first page load, hydration
  // and socket watch can take seconds when another spec is starting a server.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // On failure: the HTML report (playwright-report/, `npx playwright show-report`), and beside each
  // failed test in test-results/ its trace (`npx playwright show-trace …/trace.zip`) and a screenshot.
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: RESULTS_DIR.replace('test-results', 'playwright-report') }],
  ],
  outputDir: RESULTS_DIR,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: browserOrExit(chromiumPath), args: chromiumFlags },
    // A failed test keeps its trace: each action's DOM, network and console. Without the screencast,
    // whose frames Chromium encodes all the time for every test, passing or not; the failure's own
    // screenshot shows where it stopped.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Every live page's pulsing dots are endless animations: in a headless browser without a GPU
    // each open page kept the compositor drawing frames (about half a core for three workers).
    // Pages are tested as a visitor who asked for less motion sees them; the specs of motion
    // itself (e2e/live-figures.spec.ts) ask for it.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The shared single-Redis app of global-setup.ts, and specs that start their own Stack.
    { name: 'single', testIgnore: ['cluster/**', 'deployed/**'] },
    // App instances behind HAProxy, each file on a private stack (e2e/support/scaled-stack.ts):
    // a file's tests run in order in one worker, so a stack is started once per file.
    // Six redis-servers and two app instances per file share the two cores: more patience.
    { name: 'scaled', testMatch: 'cluster/**/*.spec.ts', timeout: 120_000, expect: { timeout: 20_000 } },
    // The smoke suite for any deployment (e2e/deployed/, `npm run test:deployed`): a site's address
    // and admin token only. What visitors see is recorded before it and compared after it.
    // A site far away, or two instances behind HAProxy on six redis-servers here: more patience.
    { name: 'deployed-before', testMatch: 'deployed/before.setup.ts', teardown: 'deployed-after' },
    { name: 'deployed-after', testMatch: 'deployed/after.teardown.ts' },
    {
      name: 'deployed',
      testMatch: 'deployed/**/*.spec.ts',
      dependencies: ['deployed-before'],
      timeout: 120_000,
      expect: { timeout: 20_000 },
    },
  ],
});
