import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { includedFile } from '../../lib/redis/lua';

/** docs/architecture.md's layers of lib/, from the top down; one entry may hold folders of one layer. */
const LAYERS = [
  ['server'],
  ['http'],
  ['realtime'],
  ['ops'],
  ['simulator'],
  ['creators'],
  ['quiz'],
  ['visitors'],
  ['folding'],
  ['live-events'],
  ['feed'],
  ['previews'],
  ['projects'],
  ['leaderboard'],
  ['timeline'],
  ['limits'],
  ['metrics'],
  ['scale'],
  ['redis'],
];
const LIB = path.resolve(__dirname, '../../lib');
const depth = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the layers of lib/', () => {
  it('names every folder of lib/', () => {
    const folders = readdirSync(LIB, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => depth(folder) < 0)).toEqual([]);
  });

  it('has no folder importing a folder of its own layer or above it', () => {
    const upward: string[] = [];
    for (const file of sources(LIB)) {
      const from = path.relative(LIB, file).split(path.sep);
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const to = path.relative(LIB, path.resolve(path.dirname(file), target!)).split(path.sep);
        if (to.length < 2 || to[0] === from[0]) continue;
        // lib/*.ts (ids, errors, the logger, the instance's name, outside programs) sit below every folder.
        if (from.length < 2 || depth(to[0]!) < depth(from[0]!))
          upward.push(`${path.relative(LIB, file)} imports ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });
});

/** The folders of lib/ that hold a pattern's domain, and what is built on them: lib/http serves them without knowing them. */
const PATTERNS = ['creators', 'quiz', 'folding', 'live-events', 'feed', 'projects', 'leaderboard', 'timeline'];
const ROOT = path.resolve(LIB, '..');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map(([, target]) => target!);
const resolved = (file: string, target: string) =>
  path.relative(
    ROOT,
    target.startsWith('@/') ? path.join(ROOT, target.slice(2)) : path.resolve(path.dirname(file), target),
  );

describe('imports run one way', () => {
  it('server.ts and lib/ import nothing from app/: the direct routes come from a table of lib/server', () => {
    const backward = [path.join(ROOT, 'server.ts'), ...sources(LIB)].flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('.') || target.startsWith('@/'))
        .filter((target) => resolved(file, target).startsWith(`app${path.sep}`))
        .map((target) => `${path.relative(ROOT, file)} imports ${target}`),
    );
    expect(backward).toEqual([]);
  });

  // lib/http/openapi/ is the API's contract: it describes each pattern's routes, and so names their schemas.
  it("lib/http knows no pattern: errors carry their status (lib/errors.ts) and a route gives its path's schemas", () => {
    const http = sources(path.join(LIB, 'http')).filter((file) => !file.includes(`${path.sep}openapi${path.sep}`));
    const known = http.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('.'))
        .filter((target) =>
          PATTERNS.includes(path.relative(LIB, path.resolve(path.dirname(file), target)).split(path.sep)[0]!),
        )
        .map((target) => `${path.relative(LIB, file)} imports ${target}`),
    );
    expect(known).toEqual([]);
  });
});

describe('the Lua includes of lib/', () => {
  const luaFiles = readdirSync(LIB, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.lua'));
  const includes = luaFiles.flatMap((file) =>
    [...readFileSync(path.join(LIB, file), 'utf8').matchAll(/^--- @include "(.+)"$/gm)].map(([, included]) => ({
      file,
      included: includedFile(included!),
    })),
  );
  const isHelper = (file: string) => path.basename(path.dirname(file)) === 'includes';

  it('include only helpers that exist, from their own pattern or one below it, as imports do', () => {
    const across: string[] = [];
    for (const { file, included } of includes) {
      expect(existsSync(path.join(LIB, included)) && isHelper(included), `${file} includes ${included}`).toBe(true);
      const [from, to] = [file.split(path.sep)[0]!, included.split(path.sep)[0]!];
      if (from !== to && depth(to) <= depth(from)) across.push(`${file} includes ${included}`);
    }
    expect(across).toEqual([]);
  });

  it("keep each helper in its pattern's lua/includes/: no script there, each opening with what it offers", () => {
    for (const helper of luaFiles.filter(isHelper)) {
      expect(helper.split(path.sep).slice(1, 3), helper).toEqual(['lua', 'includes']);
      const source = readFileSync(path.join(LIB, helper), 'utf8');
      expect(source.startsWith('--[['), helper).toBe(true);
      expect(source, helper).not.toMatch(/^return /m);
    }
  });
});
