import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown';

/**
 * lib/, app/ and components/ read the environment through lib/config.ts only, so every variable
 * has one schema and one default (lib/settings.ts). No exception is needed today: no client
 * component reads a NEXT_PUBLIC_ variable (Next inlines `process.env.NEXT_PUBLIC_X` at build, which
 * a call through lib/config.ts would defeat; one added would be listed here with that reason).
 * Root files (instrumentation.ts reads NEXT_RUNTIME, which Next sets and inlines), scripts/,
 * bench/, chaos/ and the tests may still set or read process.env.
 */
const ALLOWED = new Set([path.join('lib', 'config.ts')]);

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('the environment, read in one place', () => {
  it('no file of lib/, app/ or components/ but lib/config.ts names process.env', () => {
    const readers = ['lib', 'app', 'components']
      .flatMap(sources)
      .filter(
        (file) =>
          !ALLOWED.has(file) &&
          /process\s*\.\s*env|process\[['"]env['"]\]/.test(readFileSync(path.join(ROOT, file), 'utf8')),
      );
    expect(readers).toEqual([]);
  });
});
