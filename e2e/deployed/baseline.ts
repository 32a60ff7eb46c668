import path from 'node:path';

/** Where before.setup.ts leaves what visitors saw, for after.teardown.ts. */
export const BASELINE_FILE = path.join(process.cwd(), 'test-results', 'deployed-baseline.json');
