import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../lib/live-events/kinds';
import { ROOT, read } from './markdown';

/** Where the app and its scripts read settings, and where only the test suites do. */
const APP = ['app', 'components', 'lib', 'scripts', 'bench', 'chaos', 'server.ts', 'next.config.js'];
const TESTS = ['tests', 'e2e', 'playwright.config.ts', 'vitest.config.mts'];

/** These tests name variables in their examples; they read none. */
const THESE_TESTS = path.join('tests', 'docs');

function sources(entry: string): string[] {
  if (statSync(path.join(ROOT, entry)).isFile()) return [entry];
  return readdirSync(path.join(ROOT, entry), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|js|mjs)$/.test(file))
    .map((file) => path.join(entry, file))
    .filter((file) => !file.startsWith(THESE_TESTS));
}

/**
 * The variables a source reads: `process.env.X`, `env.X` of an environment passed in,
 * `process.env['X']`, `const { X } = process.env`, and the upper-case keys of a zod object the
 * environment is parsed with (`WINDOW_NEWS_MS: windowMs(…)`), and a live event kind's
 * `env: 'WINDOW_NEWS_MS'` (lib/live-events/kinds.ts).
 */
export function variablesRead(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(name!);
  for (const [, name] of source.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(name!);
  for (const [, list] of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const [name] of list!.matchAll(/\b[A-Z][A-Z0-9_]*\b/g)) names.add(name);
  }
  for (const [, name] of source.matchAll(/\benv:\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(name!);
  for (const [, body] of source.matchAll(/z\s*\.object\(\{([\s\S]*?)\}\)/g)) {
    for (const [, name] of body!.matchAll(/^\s*([A-Z][A-Z0-9_]+)\s*:/gm)) names.add(name!);
  }
  return names;
}

const readBy = (entries: string[]) => new Set(entries.flatMap(sources).flatMap((file) => [...variablesRead(readFileSync(path.join(ROOT, file), 'utf8'))]));

/** The variables docs/configuration.md tables, by section: the first cell's `NAME`s. */
export function documented(markdown: string): { app: Set<string>; testOnly: Set<string> } {
  const app = new Set<string>();
  const testOnly = new Set<string>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const into = section.startsWith('Test-only') ? testOnly : app;
    for (const [, cell] of section.matchAll(/^\|([^|\n]+)\|/gm)) {
      for (const [, name] of cell!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) into.add(name!);
    }
  }
  return { app, testOnly };
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((name) => !b.has(name)).sort();

describe('docs/configuration.md', () => {
  const appReads = readBy(APP);
  const testReads = readBy(TESTS);
  const { app, testOnly } = documented(read('docs/configuration.md'));

  it('lists every variable the app and its scripts read', () => {
    expect(minus(appReads, app)).toEqual([]);
  });

  it('lists nothing the app does not read, outside its test-only section', () => {
    expect(minus(app, appReads)).toEqual([]);
  });

  it('lists in its test-only section every variable only the tests read, and only those', () => {
    expect(minus(new Set(minus(testReads, appReads)), testOnly)).toEqual([]);
    expect(minus(testOnly, testReads)).toEqual([]);
    expect([...testOnly].filter((name) => appReads.has(name))).toEqual([]);
  });

  it('finds variables however the code reads them', () => {
    const source = [
      "const a = process.env.REDIS_URL; const b = env.TIMELINE_CAP; const c = process.env['PORT'];",
      'const { LOG_LEVEL, CI } = process.env;',
      'const schema = z.object({\n  WINDOW_NEWS_MS: windowMs(DEFAULT),\n  FOLD_SHARDS: z.coerce.number(),\n});',
      "spawn('x', { env: { ...process.env, NOT_READ: '1' } });",
      "const news = kind({ name: 'news', env: 'WINDOW_KIND_MS' });",
    ].join('\n');
    expect([...variablesRead(source)].sort()).toEqual(['CI', 'FOLD_SHARDS', 'LOG_LEVEL', 'PORT', 'REDIS_URL', 'TIMELINE_CAP', 'WINDOW_KIND_MS', 'WINDOW_NEWS_MS']);
  });

  it("gives each live event kind's window variable its default (lib/live-events/kinds.ts)", () => {
    const rows = read('docs/configuration.md');
    for (const kind of KINDS) expect(rows).toContain(`| \`${kind.env}\` | ${kind.windowMs} (`);
  });
});
