import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests that need no Redis: reducers, browser models, schemas, the set-up, the docs. Run once, start nothing. */
const UNIT = ['tests/unit/**/*.test.ts', 'tests/docs/**/*.test.ts'];

/**
 * The Redis cluster starts six redis-servers: its project runs only when named
 * (`--project cluster`, as `npm run test:cluster` and `npm test` do), so running one file runs
 * it on one Redis.
 */
const clusterAsked = process.argv.some((arg, at) => arg === '--project=cluster' || (arg === '--project' && process.argv[at + 1] === 'cluster'));

/**
 * Every other test file runs against the topologies crowdpulse supports: one redis-server
 * ("single") and a Redis Cluster of 3 masters and 3 replicas ("cluster"); tests/global-setup.ts
 * starts the one each project needs. The tiers: `npm run test:unit`, `npm run test:redis`, `npm test`.
 */
export default defineConfig({
  // The app's own alias (tsconfig.json), so a test can call a route handler as Next would.
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default: one file at a time on 2 cores. Four at once took the Redis tiers from about 4
    // minutes to 1, but several tests read shared state (the catalogue's one channel, a new cluster's
    // description) as if alone and failed now and then: those must decide on state before this rises.
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
      ...['single', ...(clusterAsked ? ['cluster'] : [])].map((name) => ({
        extends: true,
        test: { name, include: ['tests/**/*.test.ts'], exclude: UNIT, globalSetup: ['tests/global-setup.ts'] },
      })),
    ],
  },
});
