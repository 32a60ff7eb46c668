import path from 'node:path';

/**
 * This run's results folder: `npm run test:e2e` runs the smoke suite beside the main run, and
 * Playwright empties a run's folder when it starts, so each keeps its own.
 */
export const RESULTS_DIR = path.join('test-results', process.env.E2E_STACK ? `deployed-${process.env.E2E_STACK}` : 'e2e');

/** Where before.setup.ts leaves what visitors saw, for after.teardown.ts. */
export const BASELINE_FILE = path.join(process.cwd(), RESULTS_DIR, 'deployed-baseline.json');
