import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests that need no Redis and no outside program: reducers, browser models, schemas, the set-up, the docs. Node alone runs them. */
const UNIT = ['tests/unit/**/*.test.ts', 'tests/docs/**/*.test.ts'];
/** Tests of the machine itself (`npm run doctor` passing for a user who is not root): run by `npm test`, not by the unit tier. */
const MACHINE = ['tests/machine/**/*.test.ts'];

/**
 * Tests of what a whole site has one of: the burst's site-wide lease, the catalogue page's renders,
 * the schedule of campaign ends (whose announcer takes every ended project, another file's too).
 * Another file's burst, new project or ended campaign would change what they count, so they run
 * after the rest, one file at a time (each topology on its own Redis): Vitest's "parallel and
 * sequential" recipe.
 */
const ALONE = ['tests/hostile/burst*.test.ts', 'tests/pages/*.test.ts', 'tests/**/campaign-end.test.ts'];

/**
 * The Redis cluster starts six redis-servers: its projects run only when named
 * (`--project cluster`, as `npm run test:cluster` and `npm test` do), so running one file runs
 * it on one Redis.
 */
const clusterAsked = process.argv.some(
  (arg, at) => /^--project=cluster/.test(arg) || (arg === '--project' && process.argv[at + 1]?.startsWith('cluster')),
);
const topologies = ['single', ...(clusterAsked ? ['cluster'] : [])];
const redisSetup = ['tests/run-folder.ts', 'tests/global-setup.ts'];

/**
 * Every other test file runs against the topologies crowdpulse supports: one redis-server
 * ("single") and a Redis Cluster of 3 masters and 3 replicas ("cluster"); tests/global-setup.ts
 * starts the one each project needs. The tiers: CONTRIBUTING.md, "The test tiers".
 */
export default defineConfig({
  // The app's own alias (tsconfig.json), so a test can call a route handler as Next would.
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    // next-intl's ESM imports `next/navigation` as Next's bundler resolves it (no extension): Vite resolves it when it transforms next-intl.
    server: { deps: { inline: ['next-intl'] } },
    pool: 'forks',
    // Files run side by side: most of a Redis file's time is spent waiting on Redis and the
    // processes it starts, not on a core. Each test decides on its own project, key or channel
    // (tests/support.ts gives each a fresh slug), never on what the whole keyspace holds.
    maxWorkers: Math.max(3, os.availableParallelism()),
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // expect.poll waits for a state for 10 s, not 1 s (the tests time out at 15 s): on a busy machine
    // a state that takes longer to arrive is still the same verdict.
    expect: { poll: { timeout: 10_000 } },
    // The in-process app server logs a line per request; a failing test's own output is what matters.
    // Every file connects from 127.0.0.1 to one Redis: per-address limits off, as QA runs it
    // (RATE_LIMIT_PER_MIN=0); the tests of a limit turn it on in their own process.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MIN: '0' },
    // Every folder the run makes in the temp folder is inside one, removed at its end.
    globalSetup: ['tests/run-folder.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      { extends: true, test: { name: 'machine', include: MACHINE } },
      ...topologies.map((name) => ({
        extends: true,
        test: {
          name,
          include: ['tests/**/*.test.ts'],
          exclude: [...UNIT, ...MACHINE, ...ALONE],
          globalSetup: redisSetup,
        },
      })),
      ...topologies.map((name) => ({
        extends: true,
        test: {
          name: `${name}-alone`,
          include: ALONE,
          globalSetup: redisSetup,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      })),
    ],
  },
});
