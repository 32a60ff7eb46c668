import { Stack } from './stack';

/** One shared app + Redis for the suite; specs that break things start their own Stack. */
export default async function globalSetup() {
  // A short folding window, so folds arrive within an assertion's patience (e2e/ops.spec.ts).
  const stack = await Stack.start({ FOLD_WINDOW_MS: '1000' });
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_REDIS_URL = stack.redisUrl;
  process.env.E2E_ADMIN_TOKEN = stack.adminToken;
  return async () => stack.stop();
}
