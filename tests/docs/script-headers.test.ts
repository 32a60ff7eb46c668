import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_HOOK_KEY_COUNT } from '../../lib/feed/hook';
import { ROOT } from './markdown';

/**
 * The convention every script's header keeps, so that its caller can be checked against it:
 * - an entry is `KEYS[i]`, `KEYS[i..j]` or `KEYS[i..]` (any number from i) at the start of a line
 *   or after a column gap of two spaces or more; the same for ARGV. (`in the order of ARGV[5..]`,
 *   one space before it, is a reference, not an entry.)
 * - every KEYS entry comes before every ARGV entry, each list counting from 1 without a gap or a
 *   repeat, in the order the caller passes them;
 * - the caller's definition (`script(name, numberOfKeys, file)` in the folder's TypeScript) gives
 *   as many keys as the header lists; when the last KEYS entry is open (`KEYS[i..]`), none
 *   (undefined: the caller passes the count) or a fixed number that covers the listed ones;
 * - the script's own code reads no KEYS[i] and no ARGV[i] its header does not list.
 */
type Entry = { list: 'KEYS' | 'ARGV'; from: number; to: number | undefined; open: boolean };

export function headerEntries(header: string): Entry[] {
  return [...header.matchAll(/(?:^[ \t-]*|[ \t]{2,})(KEYS|ARGV)\[(\d+)(?:\.\.(\d+)?)?\]/gm)].map(([whole, list, from, to]) => ({
    list: list as Entry['list'],
    from: Number(from),
    to: to === undefined ? (whole.includes('..') ? undefined : Number(from)) : Number(to),
    open: whole.includes('..') && to === undefined,
  }));
}

/** What is wrong with a header's entries, given the caller's number of keys (undefined: variable). */
export function headerProblems(entries: Entry[], numberOfKeys: number | undefined): string[] {
  const problems: string[] = [];
  const firstArgv = entries.findIndex((entry) => entry.list === 'ARGV');
  if (firstArgv >= 0 && entries.slice(firstArgv).some((entry) => entry.list === 'KEYS')) problems.push('a KEYS entry after an ARGV entry');
  for (const list of ['KEYS', 'ARGV'] as const) {
    let next = 1;
    for (const entry of entries.filter((each) => each.list === list)) {
      if (next === Infinity) problems.push(`${list}[${entry.from}] after an open range`);
      else if (entry.from !== next) problems.push(`${list}[${entry.from}] where ${list}[${next}] comes next`);
      next = entry.open ? Infinity : (entry.to ?? entry.from) + 1;
    }
  }
  const keys = entries.filter((entry) => entry.list === 'KEYS');
  const open = keys.at(-1)?.open ?? false;
  const listed = open ? undefined : (keys.at(-1)?.to ?? 0);
  // An open range takes what the caller gives: a count of its own, or a fixed number covering the listed keys.
  const agree = open ? numberOfKeys === undefined || numberOfKeys >= keys.at(-1)!.from : listed === numberOfKeys;
  if (!agree) problems.push(`the header lists ${listed ?? 'any number of'} keys, the caller gives ${numberOfKeys ?? 'any number'}`);
  return problems;
}

/** The header: the script's first `--[[ … ]]` block. */
const headerOf = (source: string) => /--\[\[([\s\S]*?)\]\]/.exec(source)?.[1] ?? '';

/** Every `script('name', numberOfKeys, 'file.lua')` of lib/, with the numberOfKeys expression evaluated. */
function definitions(): Array<{ file: string; numberOfKeys: number | undefined; at: string }> {
  const found: Array<{ file: string; numberOfKeys: number | undefined; at: string }> = [];
  for (const source of readdirSync(path.join(ROOT, 'lib'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))) {
    const folder = source.split(path.sep)[0]!;
    const text = readFileSync(path.join(ROOT, 'lib', source), 'utf8');
    for (const [, count, file] of text.matchAll(/\(\s*'\w+',\s*([^,]+?),\s*'([\w-]+\.lua)'/g)) {
      const numberOfKeys = count === 'undefined' ? undefined : Number(new Function('FEED_HOOK_KEYS', `return ${count}`)(FEED_HOOK_KEY_COUNT));
      found.push({ file: `lib/${folder}/lua/${file}`, numberOfKeys, at: `lib/${source}` });
    }
  }
  return found;
}

describe("each script's header and its caller", () => {
  const defined = definitions();

  it('finds a definition for every script of lib/*/lua/ that is not a helper', () => {
    const scripts = readdirSync(path.join(ROOT, 'lib'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /^[\w-]+\/lua\/[\w-]+\.lua$/.test(file.split(path.sep).join('/')))
      .map((file) => `lib/${file.split(path.sep).join('/')}`);
    const helpers = scripts.filter((file) => !/^(KEYS|ARGV)/m.test(headerOf(readFileSync(path.join(ROOT, file), 'utf8')).replace(/^\s+/gm, '')));
    expect(scripts.filter((file) => !helpers.includes(file) && !defined.some((each) => each.file === file))).toEqual([]);
    expect(defined.length).toBeGreaterThan(40);
  });

  it('agree on one order: KEYS then ARGV, from 1, as many keys as the caller gives', () => {
    const problems = defined
      .flatMap(({ file, numberOfKeys, at }) =>
        headerProblems(headerEntries(headerOf(readFileSync(path.join(ROOT, file), 'utf8'))), numberOfKeys).map((problem) => `${file} (${at}): ${problem}`),
      );
    expect(problems).toEqual([]);
  });

  it("list every KEYS[i] and ARGV[i] the script's own code reads", () => {
    const unlisted: string[] = [];
    for (const file of new Set(defined.map((each) => each.file))) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const entries = headerEntries(headerOf(source));
      const code = source.replace(/--\[\[[\s\S]*?\]\]/, '').replace(/--.*$/gm, '');
      for (const [, list, index] of code.matchAll(/\b(KEYS|ARGV)\[(\d+)\]/g)) {
        const covered = entries.some((entry) => entry.list === list && entry.from <= Number(index) && (entry.open || Number(index) <= entry.to!));
        if (!covered) unlisted.push(`${file}: ${list}[${index}]`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});

describe('the header convention', () => {
  it('reads entries, ranges and open ranges, and leaves references alone', () => {
    const entries = headerEntries('  KEYS[1] a   KEYS[2..3] b\n  KEYS[4..] per kind, in the order of ARGV[3..]\n  ARGV[1] now   ARGV[2..] rest');
    expect(entries.map(({ list, from, to, open }) => `${list}${from}-${open ? '' : to}`)).toEqual(['KEYS1-1', 'KEYS2-3', 'KEYS4-', 'ARGV1-1', 'ARGV2-']);
    expect(headerProblems(entries, undefined)).toEqual([]);
    expect(headerProblems(entries, 6)).toEqual([]);
    expect(headerProblems(entries, 3)).toEqual(['the header lists any number of keys, the caller gives 3']);
    expect(headerProblems(headerEntries('  KEYS[1] a   KEYS[2] b'), 3)).toEqual(['the header lists 2 keys, the caller gives 3']);
    expect(headerProblems(headerEntries('  KEYS[1] a\n  ARGV[1] b\n  KEYS[2] c'), 2)).toEqual(['a KEYS entry after an ARGV entry']);
    expect(headerProblems(headerEntries('  KEYS[1] a   KEYS[3] c'), 3)).toEqual(['KEYS[3] where KEYS[2] comes next']);
  });
});
