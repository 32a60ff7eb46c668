import { AppProcess as Process, type AppProcessOptions } from '../../lib/scale/app-process';

/** Tests start an app without rate limit, seed nor simulator, and quiet, unless told otherwise. */
const TEST_DEFAULTS = { RATE_LIMIT_PER_MIN: '0', SIMULATE: '0', SEED_DEMO: '0', LOG_LEVEL: 'warn' };

export type AppProcess = Process;
export const AppProcess = {
  start: (env: Record<string, string>, options?: AppProcessOptions) =>
    Process.start({ ...TEST_DEFAULTS, ...env }, options),
};
