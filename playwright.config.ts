import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; flags for a sandboxed machine with no network. */
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
  workers: 2,
  timeout: 60_000,
  // Two workers share two cores with their browsers and app servers: a first page load, hydration
  // and socket watch can take seconds when another spec is starting a server.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
    trace: 'retain-on-failure',
  },
  projects: [
    // The shared single-Redis app of global-setup.ts, and specs that start their own Stack.
    { name: 'single', testIgnore: 'cluster/**' },
    // App instances behind HAProxy, each file on a private stack (e2e/support/scaled-stack.ts):
    // a file's tests run in order in one worker, so a stack is started once per file.
    // Six redis-servers and two app instances per file share the two cores: more patience.
    { name: 'scaled', testMatch: 'cluster/**/*.spec.ts', timeout: 120_000, expect: { timeout: 20_000 } },
  ],
});
