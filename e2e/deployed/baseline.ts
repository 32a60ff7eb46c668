import path from 'node:path';

/**
 * This run's results folder: the main run and the smoke suite on each topology (two at once)
 * each keep their own, as Playwright empties a run's folder when it starts.
 */
export const RESULTS_DIR = path.join(
  'test-results',
  process.env.E2E_STACK ? `deployed-${process.env.E2E_STACK}` : 'e2e',
);

/** Where before.setup.ts leaves what visitors saw, for after.teardown.ts. */
export const BASELINE_FILE = path.join(process.cwd(), RESULTS_DIR, 'deployed-baseline.json');
