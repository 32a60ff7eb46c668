import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown';
import { typescriptComments } from './source';

/** The code a reader follows: its comments name files to open next. */
const CODE = ['lib', 'components', 'app', 'scripts', 'server.ts'];
const NOT_SOURCES = new Set(['node_modules', '.git', '.next', 'test-results', 'playwright-report', 'data']);

function filesUnder(dir: string): string[] {
  if (statSync(path.join(ROOT, dir)).isFile()) return [dir];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => !NOT_SOURCES.has(entry.name))
    .flatMap((entry) => filesUnder(path.posix.join(dir, entry.name)));
}

const REPOSITORY = filesUnder('.').map((file) => path.posix.normalize(file));
const IN_REPOSITORY = new Set(REPOSITORY);

/** The comments of a Lua file: `--[[ … ]]` blocks and `--` to the end of the line (include lines are checked by layers.test.ts). */
export function luaComments(source: string): string[] {
  return [...source.matchAll(/--\[(=*)\[[\s\S]*?\]\1\]|(?<!-)--(?!- @include).*$/gm)].map(([comment]) => comment);
}

/** File names a comment gives: a word ending in .lua, .ts, .tsx or .md, optionally with folders; URLs left out. */
export function namedFiles(comment: string): string[] {
  return [...comment.matchAll(/(?<![\w./:-])((?:\.{1,2}\/)*[\w-][\w./-]*\.(?:lua|tsx?|md))(?![\w/-])/g)].map(
    ([, name]) => name!,
  );
}

/**
 * Where a name points, from the file `from` that names it (all paths from the repository root):
 * - `./x.ts`, `../lua/x.lua`: relative to the naming file's folder, and nowhere else;
 * - `lib/feed/hook.ts`, `lua/add.lua`: relative to the naming file's folder or to the root, or as
 *   the tail of a file's path (`lua/add.lua` is `lib/<folder>/lua/add.lua` somewhere);
 * - `hook.ts`: a file of that name anywhere in the repository.
 */
export function pointsSomewhere(name: string, from: string, files: ReadonlySet<string> = IN_REPOSITORY): boolean {
  const relative = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
  if (name.startsWith('.')) return files.has(relative);
  if (files.has(relative) || files.has(path.posix.normalize(name))) return true;
  return [...files].some((file) => file.endsWith(`/${name}`));
}

function comments(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  if (file.endsWith('.lua')) return luaComments(source);
  if (/\.(m?ts|tsx|m?js)$/.test(file)) return typescriptComments(source, file.endsWith('x'));
  return [];
}

describe('the comments of the code', () => {
  it('name only files that exist', () => {
    const missing = CODE.flatMap(filesUnder).flatMap((file) =>
      comments(file)
        .flatMap(namedFiles)
        .filter((name) => !pointsSomewhere(name, file))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('what counts as a file a comment names', () => {
  it('finds names in comments only, and resolves them by the rule above', () => {
    expect(
      typescriptComments("const url = 'https://x//y.ts'; // see hook.ts\n/** and `lua/add.lua` */", false),
    ).toEqual(['// see hook.ts', '/** and `lua/add.lua` */']);
    expect(
      luaComments('local x = 1 -- from enqueue.lua\n--[[ multi\n lua/timeline.lua ]]\n--- @include "includes/a.lua"'),
    ).toEqual(['-- from enqueue.lua', '--[[ multi\n lua/timeline.lua ]]']);
    expect(namedFiles('see `lib/feed/hook.ts`, ./x.tsx and README.md; not https://a.b/c.md nor z.infer')).toEqual([
      'lib/feed/hook.ts',
      './x.tsx',
      'README.md',
    ]);
    const files = new Set(['lib/feed/hook.ts', 'lib/feed/lua/add.lua', 'docs/api.md']);
    expect(pointsSomewhere('hook.ts', 'lib/x/y.ts', files)).toBe(true);
    expect(pointsSomewhere('lua/add.lua', 'lib/x/y.ts', files)).toBe(true);
    expect(pointsSomewhere('./lua/add.lua', 'lib/feed/hook.ts', files)).toBe(true);
    expect(pointsSomewhere('./lua/add.lua', 'lib/x/y.ts', files)).toBe(false);
    expect(pointsSomewhere('../../docs/api.md', 'lib/feed/hook.ts', files)).toBe(true);
    expect(pointsSomewhere('lua/timeline.lua', 'lib/x/y.ts', files)).toBe(false);
    expect(pointsSomewhere('enqueue.lua', 'lib/x/y.ts', files)).toBe(false);
  });
});
