import { readFileSync } from 'node:fs';
import path from 'node:path';

const INCLUDE = /^--- @include "(.+)"$/gm;

/**
 * Where an include line points, relative to `lib/`: a pattern's helpers live in its own
 * `lua/includes/` (`--- @include "leaderboard/lua/includes/player-bests.lua"`), and a script
 * includes only from its own pattern or one its folder may import (tests/docs/layers.test.ts).
 */
export const includedFile = (included: string): string => path.normalize(included);

/**
 * Reads a script kept next to its caller, expanding `--- @include "<path under lib/>"` lines (as
 * BullMQ does). Each file is expanded once per script, however many helpers include it. Paths are relative to
 * the `lib/` under the working directory: server.ts (run by tsx) and the Next bundle disagree
 * on __dirname, but both run from the project root.
 */
export function loadLua(fromLib: string, expanded = new Set<string>()): string {
  expanded.add(fromLib);
  const source = readFileSync(path.join(process.cwd(), 'lib', fromLib), 'utf8');
  return source.replace(INCLUDE, (_, included: string) => {
    const file = includedFile(included);
    return expanded.has(file) ? '' : loadLua(file, expanded);
  });
}
