import { readFileSync } from 'node:fs';
import path from 'node:path';

export type ScriptDefinition = {
  name: string;
  numberOfKeys: number;
  lua: string;
  readOnly?: boolean;
};

const INCLUDE = /^--- @include "(.+)"$/gm;

/**
 * Reads a script kept next to its caller, expanding `--- @include "file.lua"` lines (as BullMQ
 * does) so that helpers shared by several scripts are written once. Paths are relative to the
 * project root: server.ts (run by tsx) and the Next bundle disagree on __dirname, but both run
 * there.
 */
export function loadLua(fromProjectRoot: string): string {
  const file = path.join(process.cwd(), fromProjectRoot);
  const source = readFileSync(file, 'utf8');
  return source.replace(INCLUDE, (_, included: string) =>
    loadLua(path.join(path.dirname(fromProjectRoot), included)),
  );
}
