import { exitOnProgramNotFound, requireOrExit } from '../../scripts/system-packages';

/**
 * The Chromium to drive, or `npm run doctor`'s own lines and exit status 1 when there is none (or
 * CHROMIUM_PATH names no browser): one line a person reads, not Playwright's stack of its config.
 */
export function browserOrExit(find: () => string | undefined): string {
  try {
    const file = find();
    if (file) return file;
    requireOrExit(['chromium']);
    process.exit(1);
  } catch (error) {
    exitOnProgramNotFound(error);
  }
}
