import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../lib/live-events/kinds';
import { ROOT, read } from './markdown';
import { SETTINGS, settingInfo, type SettingName } from '../../lib/config';
import type { Section } from '../../lib/settings';

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
 * The variables a source reads (lib/, app/ and components/ read through lib/config.ts, checked by
 * tests/docs/no-process-env.test.ts; scripts/, bench/ and chaos/ may read process.env): `process.env.X`, `env.X` of an environment passed in,
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

const readBy = (entries: string[]) =>
  new Set(entries.flatMap(sources).flatMap((file) => [...variablesRead(readFileSync(path.join(ROOT, file), 'utf8'))]));

/** docs/configuration.md's sections, as lib/settings.ts names them. */
const SECTIONS: Record<string, Section | 'testOnly'> = {
  'The app': 'app',
  'Outside programs': 'programs',
  'Running at scale': 'scale',
  'Benchmarks and chaos': 'bench',
  'Test-only': 'testOnly',
};

/** The rows of docs/configuration.md's tables, by section: each of the first cell's `NAME`s with its default cell and whole row. */
export function documented(
  markdown: string,
): Map<string, { section: Section | 'testOnly'; fallback: string; row: string }> {
  const rows = new Map<string, { section: Section | 'testOnly'; fallback: string; row: string }>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const section = SECTIONS[part.split('\n')[0]!.trim()];
    if (!section)
      throw new Error(`docs/configuration.md: a section lib/settings.ts does not know: ${part.split('\n')[0]}`);
    for (const [row, cell, fallback] of part.matchAll(/^\|([^|\n]+)\|([^|\n]+)\|.*$/gm)) {
      for (const [, name] of cell!.matchAll(/`([A-Z][A-Z0-9_]*)`/g))
        rows.set(name!, { section, fallback: fallback!.trim(), row });
    }
  }
  return rows;
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((name) => !b.has(name)).sort();
const NAMES = Object.keys(SETTINGS.shape) as SettingName[];

describe('docs/configuration.md', () => {
  const rows = documented(read('docs/configuration.md'));
  const testOnly = new Set([...rows].filter(([, { section }]) => section === 'testOnly').map(([name]) => name));
  const appReads = new Set([...readBy(APP), ...NAMES]);
  const testReads = readBy(TESTS);

  it('tables every setting of lib/settings.ts in its section, and nothing else outside the test-only one', () => {
    const tabled = [...rows]
      .filter(([, { section }]) => section !== 'testOnly')
      .map(([name, { section }]) => `${name} ${section}`);
    expect(tabled.sort()).toEqual(NAMES.map((name) => `${name} ${settingInfo(name).section}`).sort());
  });

  it("gives each setting its schema's default, and says where `npm start` requires one", () => {
    for (const name of NAMES) {
      const { default: fallback, requiredByStart } = settingInfo(name);
      const row = rows.get(name)!;
      if (typeof fallback === 'number' || typeof fallback === 'string')
        expect(row.fallback, name).toMatch(new RegExp(`^${fallback}\\b`));
      if (requiredByStart) expect(row.row, name).toContain('`npm start`');
    }
  });

  it('lib/settings.ts holds every variable the app and its scripts read, and each is read', () => {
    expect(minus(readBy(APP), new Set(NAMES))).toEqual([]);
    const code = APP.flatMap(sources)
      .filter((file) => file !== path.join('lib', 'settings.ts'))
      .map((file) => readFileSync(path.join(ROOT, file), 'utf8'))
      .join('\n');
    expect(NAMES.filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([]);
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
    expect([...variablesRead(source)].sort()).toEqual([
      'CI',
      'FOLD_SHARDS',
      'LOG_LEVEL',
      'PORT',
      'REDIS_URL',
      'TIMELINE_CAP',
      'WINDOW_KIND_MS',
      'WINDOW_NEWS_MS',
    ]);
  });

  it("gives each live event kind's window variable its default (lib/live-events/kinds.ts)", () => {
    const rows = read('docs/configuration.md');
    for (const kind of KINDS) expect(rows).toContain(`| \`${kind.env}\` | ${kind.windowMs} (`);
  });
});
