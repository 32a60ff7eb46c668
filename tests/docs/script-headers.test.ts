import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredScripts } from '../../lib/redis/script';
import { ROOT } from './markdown';

/**
 * The convention every script's header keeps, so that its declaration can be checked against it:
 * - an entry is `KEYS[i]`, `KEYS[i..j]` or `KEYS[i..]` (any number from i) at the start of a line
 *   or after a column gap of two spaces or more; the same for ARGV. (`in the order of ARGV[5..]`,
 *   one space before it, is a reference, not an entry.)
 * - every KEYS entry comes before every ARGV entry, each list counting from 1 without a gap or a
 *   repeat, in the order the caller passes them;
 * - each entry is named (`KEYS[2] sequences  the hash…`), as its declaration (defineScript, in the
 *   folder's scripts.ts) names it, in the same order; a run (`...feed`) is a range;
 * - the declaration gives as many keys as the header lists; when the last KEYS entry is open
 *   (`KEYS[i..]`), a run (the caller passes the count);
 * - the script's own code reads no KEYS[i] and no ARGV[i] its header does not list.
 */
type Entry = { list: 'KEYS' | 'ARGV'; from: number; to: number | undefined; open: boolean };

export function headerEntries(header: string): Entry[] {
  return [...header.matchAll(/(?:^[ \t-]*|[ \t]{2,})(KEYS|ARGV)\[(\d+)(?:\.\.(\d+)?)?\]/gm)].map(
    ([whole, list, from, to]) => ({
      list: list as Entry['list'],
      from: Number(from),
      to: to === undefined ? (whole.includes('..') ? undefined : Number(from)) : Number(to),
      open: whole.includes('..') && to === undefined,
    }),
  );
}

/** What is wrong with a header's entries, given the caller's number of keys (undefined: variable). */
export function headerProblems(entries: Entry[], numberOfKeys: number | undefined): string[] {
  const problems: string[] = [];
  const firstArgv = entries.findIndex((entry) => entry.list === 'ARGV');
  if (firstArgv >= 0 && entries.slice(firstArgv).some((entry) => entry.list === 'KEYS'))
    problems.push('a KEYS entry after an ARGV entry');
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
  // A declaration with a run of keys gives its count per call, so it fits any header.
  const agree = numberOfKeys === undefined || (open ? numberOfKeys >= keys.at(-1)!.from : listed === numberOfKeys);
  if (!agree)
    problems.push(
      `the header lists ${listed ?? 'any number of'} keys, the caller gives ${numberOfKeys ?? 'any number'}`,
    );
  return problems;
}

/** The header: the script's first `--[[ … ]]` block. */
const headerOf = (source: string) => /--\[\[([\s\S]*?)\]\]/.exec(source)?.[1] ?? '';

const LIB = path.join(ROOT, 'lib');
// Every pattern's declarations (lib/<pattern>/scripts.ts), imported so they register.
await Promise.all(
  readdirSync(LIB)
    .filter((dir) => existsSync(path.join(LIB, dir, 'scripts.ts')))
    .map((dir) => import(`../../lib/${dir}/scripts.ts`)),
);

/** Every defineScript of lib/: its file, and its number of keys (undefined: a run of keys, counted per call). */
function definitions(): Array<{
  file: string;
  numberOfKeys: number | undefined;
  at: string;
  keys: readonly string[];
  args: readonly string[];
}> {
  return declaredScripts
    .filter((script) => !script.file.startsWith('../'))
    .map((script) => ({
      file: `lib/${script.file}`,
      numberOfKeys: script.keys.some((name) => name.startsWith('...')) ? undefined : script.keys.length,
      at: `lib/${script.file.split('/')[0]}/scripts.ts`,
      keys: script.keys,
      args: script.args,
    }));
}

/** `KEYS[9..14] feed` → 'feed': the names a header gives its entries, in order. */
const headerNames = (header: string, list: 'KEYS' | 'ARGV') =>
  [...header.matchAll(new RegExp(`(?:^[ \\t-]*|[ \\t]{2,})${list}\\[[\\d.]+\\] (\\w+)`, 'gm'))].map(
    ([, name]) => name!,
  );

describe("each script's header and its caller", () => {
  const defined = definitions();

  it('finds a definition for every script of lib/*/lua/ that is not a helper', () => {
    const scripts = readdirSync(path.join(ROOT, 'lib'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /^[\w-]+\/lua\/[\w-]+\.lua$/.test(file.split(path.sep).join('/')))
      .map((file) => `lib/${file.split(path.sep).join('/')}`);
    const helpers = scripts.filter(
      (file) => !/^(KEYS|ARGV)/m.test(headerOf(readFileSync(path.join(ROOT, file), 'utf8')).replace(/^\s+/gm, '')),
    );
    expect(scripts.filter((file) => !helpers.includes(file) && !defined.some((each) => each.file === file))).toEqual(
      [],
    );
    expect(defined.length).toBeGreaterThan(40);
    expect(new Set(defined.map((each) => each.file)).size, 'one declaration a script').toBe(defined.length);
  });

  it('name KEYS and ARGV alike: the header and the declaration, in the same order', () => {
    for (const { file, keys, args } of defined) {
      const header = headerOf(readFileSync(path.join(ROOT, file), 'utf8'));
      expect(headerNames(header, 'KEYS'), `${file} KEYS`).toEqual(keys.map((name) => name.replace(/^\.\.\./, '')));
      expect(headerNames(header, 'ARGV'), `${file} ARGV`).toEqual(args.map((name) => name.replace(/^\.\.\./, '')));
    }
  });

  it('agree on one order: KEYS then ARGV, from 1, as many keys as the caller gives', () => {
    const problems = defined.flatMap(({ file, numberOfKeys, at }) =>
      headerProblems(headerEntries(headerOf(readFileSync(path.join(ROOT, file), 'utf8'))), numberOfKeys).map(
        (problem) => `${file} (${at}): ${problem}`,
      ),
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
        const covered = entries.some(
          (entry) => entry.list === list && entry.from <= Number(index) && (entry.open || Number(index) <= entry.to!),
        );
        if (!covered) unlisted.push(`${file}: ${list}[${index}]`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});

describe('the header convention', () => {
  it('reads entries, ranges and open ranges, and leaves references alone', () => {
    const entries = headerEntries(
      '  KEYS[1] a   KEYS[2..3] b\n  KEYS[4..] per kind, in the order of ARGV[3..]\n  ARGV[1] now   ARGV[2..] rest',
    );
    expect(entries.map(({ list, from, to, open }) => `${list}${from}-${open ? '' : to}`)).toEqual([
      'KEYS1-1',
      'KEYS2-3',
      'KEYS4-',
      'ARGV1-1',
      'ARGV2-',
    ]);
    expect(headerProblems(entries, undefined)).toEqual([]);
    expect(headerProblems(entries, 6)).toEqual([]);
    expect(headerProblems(entries, 3)).toEqual(['the header lists any number of keys, the caller gives 3']);
    expect(headerProblems(headerEntries('  KEYS[1] a   KEYS[2] b'), 3)).toEqual([
      'the header lists 2 keys, the caller gives 3',
    ]);
    expect(headerProblems(headerEntries('  KEYS[1] a\n  ARGV[1] b\n  KEYS[2] c'), 2)).toEqual([
      'a KEYS entry after an ARGV entry',
    ]);
    expect(headerProblems(headerEntries('  KEYS[1] a   KEYS[3] c'), 3)).toEqual(['KEYS[3] where KEYS[2] comes next']);
  });
});
