import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The integration suite runs twice, against the two topologies crowdpulse supports: one
 * redis-server ("single") and a Redis Cluster of 3 masters and 3 replicas ("cluster").
 * tests/global-setup.ts starts the one each project needs; `vitest run --project single` runs one.
 */
export default defineConfig({
  // The app's own alias (tsconfig.json), so a test can call a route handler as Next would.
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    pool: 'forks',
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // The in-process app server logs a line per request; a failing test's own output is what matters.
    // Every file connects from 127.0.0.1 to one Redis: per-address limits off, as QA runs it
    // (RATE_LIMIT_PER_MIN=0); the tests of a limit turn it on in their own process.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MIN: '0' },
    projects: [
      { extends: true, test: { name: 'single' } },
      { extends: true, test: { name: 'cluster' } },
    ],
  },
});
