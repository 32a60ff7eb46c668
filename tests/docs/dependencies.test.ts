import { describe, expect, it } from 'vitest';
import { read } from './markdown';

/** The packages README.md's "Why each dependency is here" table names, first column. */
function explained(readme: string): Set<string> {
  const section = readme.split(/^## Why each dependency is here$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = [...section.matchAll(/^\| ([^|]+) \|/gm)]
    .map(([, cell]) => cell!)
    .filter((cell) => cell !== 'package' && !cell.startsWith('---'));
  return new Set(rows.flatMap((cell) => cell.split(',').map((name) => name.trim())));
}

describe('README.md says why each dependency is here', () => {
  const pkg = JSON.parse(read('package.json')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  // Type declarations come with the package they describe.
  const installed = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    (name) => !name.startsWith('@types/'),
  );
  const listed = explained(read('README.md'));

  it('for every package installed, and for none that is not', () => {
    expect(installed.filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect([...listed].filter((name) => !installed.includes(name)).sort()).toEqual([]);
  });
});
