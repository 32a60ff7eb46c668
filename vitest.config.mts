import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests that need no Redis: reducers, browser models, schemas, the docs. Run once, start nothing. */
const UNIT = ['tests/unit/**/*.test.ts', 'tests/docs/**/*.test.ts'];

/**
 * Every other test file runs twice, against the two topologies crowdpulse supports: one
 * redis-server ("single") and a Redis Cluster of 3 masters and 3 replicas ("cluster").
 * tests/global-setup.ts starts the one each project needs; `vitest run --project single` runs one,
 * `vitest run --project unit` only the tests that need no Redis.
 */
export default defineConfig({
  // The app's own alias (tsconfig.json), so a test can call a route handler as Next would.
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // expect.poll waits for a state for 10 s, not 1 s (the tests time out at 15 s): on a busy machine
    // a state that takes longer to arrive is still the same verdict.
    expect: { poll: { timeout: 10_000 } },
    // The in-process app server logs a line per request; a failing test's own output is what matters.
    // Every file connects from 127.0.0.1 to one Redis: per-address limits off, as QA runs it
    // (RATE_LIMIT_PER_MIN=0); the tests of a limit turn it on in their own process.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MIN: '0' },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      ...['single', 'cluster'].map((name) => ({
        extends: true,
        test: { name, include: ['tests/**/*.test.ts'], exclude: UNIT, globalSetup: ['tests/global-setup.ts'] },
      })),
    ],
  },
});
