import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RedisClient } from './client';

export type ScriptDefinition = {
  name: string;
  /** Undefined: the caller passes the number of keys first (a script over any number of kinds). */
  numberOfKeys?: number;
  lua: string;
  readOnly?: boolean;
  /** The script's file, in `lib/<dir>/lua/`. */
  file?: string;
};

/** An argument of a script command: keys first, then ARGV, as ioredis' defineCommand takes them. */
export type ScriptArg = string | number;

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

/**
 * The definition maker for one module's scripts, kept in `lib/<dir>/lua/`:
 * `script(name, numberOfKeys, file, readOnly?)`. Read-only scripts run with EVALSHA_RO.
 */
export function scriptsIn(dir: string) {
  return (name: string, numberOfKeys: number | undefined, file: string, readOnly = false): ScriptDefinition => ({
    name,
    numberOfKeys,
    lua: loadLua(`${dir}/lua/${file}`),
    readOnly,
    file,
  });
}

/**
 * A module's scripts, defined (ioredis defineCommand) on each client it is given, once per
 * client: `withXScripts(redis).someScript(...)`. Each pattern brings its own scripts, so
 * lib/redis/ knows none of them.
 */
export function scriptsOn(definitions: () => ScriptDefinition[]): <T extends RedisClient>(redis: T) => T {
  let loaded: ScriptDefinition[] | undefined;
  const defined = new WeakSet<RedisClient>();
  return (redis) => {
    if (defined.has(redis)) return redis;
    for (const script of (loaded ??= definitions())) redis.defineCommand(script.name, script);
    defined.add(redis);
    return redis;
  };
}
