import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * V8's explicit compile hint (Chrome 136+): a script that opens with it is compiled whole on a
 * background thread while it downloads, instead of function by function on the main thread as
 * each is first called. Every page boots React and Next's router with nearly all their
 * functions, so those lazy compiles were most of the longest task of a page load.
 * https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The scripts every page boots with (React, Next's router, the bundler's runtime), as paths under `/_next/`. */
export function rootScripts(buildDir = '.next'): string[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles: string[];
  };
  return manifest.rootMainFiles.filter((file) => file.endsWith('.js'));
}

/** Opens each root script with the hint; a script that already has it is left alone, so a second run changes nothing. */
export function addCompileHints(buildDir = '.next'): string[] {
  const hinted: string[] = [];
  for (const file of rootScripts(buildDir).map((script) => path.join(buildDir, script))) {
    const source = readFileSync(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    hinted.push(file);
  }
  return hinted;
}

if (require.main === module) console.log(`compile hints: ${addCompileHints().length} root scripts hinted`);
