import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, read } from './markdown';

const LIB = path.join(ROOT, 'lib');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|lua)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("docs/architecture.md's account of where key names are written", () => {
  it('names every keys.ts of lib/, and none that is not there', () => {
    const named = new Set([...read('docs/architecture.md').matchAll(/`(lib\/[\w-]+\/keys\.ts)`/g)].map(([, file]) => file!));
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
