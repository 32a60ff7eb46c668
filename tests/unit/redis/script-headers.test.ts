import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredScripts } from '../../../lib/redis/script';

const LIB = path.join(process.cwd(), 'lib');
/** Every pattern's declarations (lib/<pattern>/scripts.ts), imported so they register. */
const patterns = readdirSync(LIB).filter((dir) => existsSync(path.join(LIB, dir, 'scripts.ts')));
await Promise.all(patterns.map((dir) => import(`../../../lib/${dir}/scripts.ts`)));

/** Each script file under a `lua/` folder but its includes. */
const scriptFiles = readdirSync(LIB, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\/lua\/[^/]+\.lua$/.test(file));

/** `KEYS[9..14] feed` → { name: 'feed', first: 9, last: 14 }: a header's entries, in order. */
function headerEntries(file: string, table: 'KEYS' | 'ARGV') {
  const header = readFileSync(path.join(LIB, file), 'utf8').split(']]')[0]!;
  return [...header.matchAll(new RegExp(`${table}\\[(\\d+)(?:\\.\\.(\\d*))?\\] (\\w+)`, 'g'))].map(([, first, last, name]) => ({
    name: name!,
    first: Number(first),
    last: last === undefined ? Number(first) : last === '' ? Infinity : Number(last),
  }));
}

describe('every script is declared once, by name, as its header reads (lib/redis/script.ts)', () => {
  it('declares every script file once', () => {
    expect(declaredScripts.map((script) => script.file).toSorted()).toEqual(scriptFiles.toSorted());
  });

  it.each(declaredScripts.map((script) => [script.file, script] as const))('%s', (file, script) => {
    for (const [table, names] of [['KEYS', script.keys], ['ARGV', script.args]] as const) {
      const entries = headerEntries(file, table);
      expect(entries.map((entry) => entry.name), table).toEqual(names.map((name) => name.replace(/^\.\.\./, '')));
      // Places follow on from each other; a run (`...name`) is written `[first..last]` or `[first..]`.
      entries.reduce((next, entry, i) => {
        expect(entry.first, `${table} ${entry.name}`).toBe(next);
        expect(entry.last > entry.first, `${table} ${entry.name}: a run in the header and the declaration alike`).toBe(names[i]!.startsWith('...'));
        return entry.last + 1;
      }, 1);
    }
  });
});
