import { exitOnProgramNotFound, requireOrExit } from '../../scripts/system-packages';
import { useRunFolder } from '../../tests/run-folder';
import { ScaledStack } from './scaled-stack';
import { Stack } from './stack';

/**
 * What the run tests. `E2E_BASE_URL` given: a site this run did not start (a deployment, for
 * `npm run test:deployed`): nothing is started, and only its pages and HTTP API are used.
 * `E2E_STACK=single|scaled`: a seeded site started for the `deployed` project alone, told its
 * address and admin token only, never its Redis (`npm test` runs the smoke suite so, on both
 * topologies). Otherwise one shared app + Redis for the suite; specs that break things start their own Stack.
 */
export default async function globalSetup() {
  if (!process.env.E2E_BASE_URL) requireOrExit(['redis-server', 'haproxy']);
  const removeRunFolder = useRunFolder();
  try {
    const stop = await startSite();
    return async () => {
      await stop?.();
      removeRunFolder?.();
    };
  } catch (error) {
    exitOnProgramNotFound(error);
  }
}

/** Starts what the run tests, and returns how to stop it. */
async function startSite(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_ADMIN_TOKEN)
      throw new Error('E2E_BASE_URL names a site: set E2E_ADMIN_TOKEN to its ADMIN_TOKEN too');
    return;
  }
  const asDeployed = { SEED_DEMO: '1', FOLD_WINDOW_MS: '1000' };
  if (process.env.E2E_STACK === 'scaled')
    return useSite(await ScaledStack.start(asDeployed, { store: 'cluster' }), (stack) => stack.url);
  if (process.env.E2E_STACK === 'single') return useSite(await Stack.start(asDeployed), (stack) => stack.baseURL);
  if (process.env.E2E_STACK) throw new Error(`E2E_STACK is single or scaled, not ${process.env.E2E_STACK}`);

  // A short folding window, so folds arrive within an assertion's patience (e2e/ops.spec.ts); a
  // hold of 15 s, so one lapses within the 20 s a faked page clock may jump (e2e/holds.spec.ts).
  const stack = await Stack.start({ FOLD_WINDOW_MS: '1000', HOLD_MS: '15000' });
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_REDIS_URL = stack.redisUrl;
  process.env.E2E_ADMIN_TOKEN = stack.adminToken;
  return async () => stack.stop();
}

/** Tells the workers the site's address and admin token, as a QA engineer's environment would: no Redis address. */
function useSite<S extends { adminToken: string; stop(): Promise<void> }>(stack: S, url: (stack: S) => string) {
  process.env.E2E_BASE_URL = url(stack);
  process.env.E2E_ADMIN_TOKEN = stack.adminToken;
  delete process.env.E2E_REDIS_URL;
  return async () => stack.stop();
}
