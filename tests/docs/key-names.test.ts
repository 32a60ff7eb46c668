import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, read } from './markdown';
import { typescriptCode } from './source';

const LIB = path.join(ROOT, 'lib');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|lua)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("docs/architecture.md's account of where key names are written", () => {
  it('names every keys.ts of lib/, and none that is not there', () => {
    const named = new Set(
      [...read('docs/architecture.md').matchAll(/`(lib\/[\w-]+\/keys\.ts)`/g)].map(([, file]) => file!),
    );
    const present = readdirSync(LIB, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(path.join(LIB, entry.name)).includes('keys.ts'))
      .map((entry) => `lib/${entry.name}/keys.ts`);
    expect([...named].sort()).toEqual(present.sort());
  });

  it("spells a project's info hash in one place", () => {
    const spelling = sources(LIB).filter((file) => /:info[`'"]/.test(readFileSync(file, 'utf8')));
    expect(spelling.map((file) => path.relative(ROOT, file))).toEqual(['lib/projects/keys.ts']);
  });
});

/** A string spelling a hash-tagged key: `{tag}:name`, `{project:${slug}}:info`. */
const TAGGED_KEY = /[`'"]\{[^`'"]*\}:[\w-]+[`'"]/;

describe('where key names are built', () => {
  it("builds them only in a keys.ts or in a file docs/architecture.md's keys section names", () => {
    const section = read('docs/architecture.md').split('## Keys, slots and scripts')[1]!.split('\n## ')[0]!;
    const named = new Set([...section.matchAll(/`(lib\/[\w/.-]+\.ts)`/g)].map(([, file]) => file!));
    const building = sources(LIB)
      .filter((file) => file.endsWith('.ts') && TAGGED_KEY.test(typescriptCode(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(ROOT, file));
    expect(building.filter((file) => !file.endsWith('/keys.ts') && !named.has(file))).toEqual([]);
    expect(building).toContain('lib/visitors/recently-viewed.ts');
  });
});
