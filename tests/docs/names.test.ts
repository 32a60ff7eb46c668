import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './markdown';

/** The code whose names a reader searches for: one name, one thing. */
const CODE = ['lib', 'components'];

/** A folder's own part, one per folder by convention: the name says which folder's it is. */
const PER_FOLDER = new Set([
  'index.ts',
  'keys.ts',
  'commands.ts',
  'schemas.ts',
  'types.ts',
  'context.ts',
  'config.ts',
  'client-state.ts',
  'errors.ts',
  'styles.ts',
  'scripts.ts',
]);
/** Type names that are one thing by design: a component's own props. */
const PER_FILE_TYPES = new Set(['Props']);

const files = () =>
  CODE.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
      path.posix.join(dir, file.split(path.sep).join('/')),
    ),
  ).filter((file) => /\.(tsx?|lua)$/.test(file));

function repeated(named: Array<[name: string, file: string]>): string[] {
  const where = new Map<string, string[]>();
  for (const [name, file] of named) where.set(name, [...(where.get(name) ?? []), file]);
  return [...where].filter(([, places]) => places.length > 1).map(([name, places]) => `${name}: ${places.join(', ')}`);
}

describe('one name per thing in lib/ and components/', () => {
  it('gives no two files the same name, but for the parts every folder has', () => {
    const named = files()
      .map((file) => [path.posix.basename(file), file] as [string, string])
      .filter(([name]) => !PER_FOLDER.has(name));
    expect(repeated(named)).toEqual([]);
  });

  it('gives no two types, interfaces, classes or enums the same name', () => {
    const named = files()
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        [
          ...readFileSync(path.join(ROOT, file), 'utf8').matchAll(
            /^\s*(?:export )?(?:declare )?(?:abstract )?(?:type|interface|class|enum) ([A-Z]\w*)(?=\s*[<={]|\s+(?:extends|implements)\b)/gm,
          ),
        ].map(([, name]) => [name!, file] as [string, string]),
      )
      .filter(([name]) => !PER_FILE_TYPES.has(name));
    expect(repeated(named)).toEqual([]);
  });
});
