import { check } from '../../scripts/setup/requirements';
import { currentPlatform, exitOnProgramNotFound, explain } from '../../scripts/system-packages';

/**
 * The Chromium to drive, or `npm run doctor`'s own lines and exit status 1 when there is none (or
 * CHROMIUM_PATH names no browser): one line a person reads, not Playwright's stack of its config.
 */
export function browserOrExit(find: () => string | undefined): string {
  try {
    const file = find();
    if (file) return file;
    console.error(explain(check(['chromium'], process.env, currentPlatform()), currentPlatform()));
    process.exit(1);
  } catch (error) {
    exitOnProgramNotFound(error);
  }
}
