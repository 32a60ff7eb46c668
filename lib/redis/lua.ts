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
 * `lib/` under the working directory: server.ts (run by tsx) and the Next bundle disagree on
 * __dirname, but both run from the project root.
 */
export function loadLua(fromLib: string): string {
  const source = readFileSync(path.join(process.cwd(), 'lib', fromLib), 'utf8');
  return source.replace(INCLUDE, (_, included: string) => loadLua(path.join(path.dirname(fromLib), included)));
}
