import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(__dirname, '../../app/globals.css'), 'utf8');
const stack = (name: string) =>
  css
    .match(new RegExp(`--font-${name}:([^;]+);`))?.[1]
    ?.split(',')
    .map((family) => family.trim());

/**
 * Every family a browser lacks is a lookup before the page's first layout (1–5 ms each on Linux);
 * Tailwind's default stacks name up to nine. docs/benchmarks.md, "Lighthouse on a phone".
 */
describe('font stacks', () => {
  it.each(['sans', 'mono'])('the theme names at most two families for font-%s, the last a generic one', (name) => {
    const families = stack(name);
    expect(families).toBeDefined();
    expect(families!.length).toBeLessThanOrEqual(2);
    expect(['sans-serif', 'monospace']).toContain(families!.at(-1));
  });
});

/** An Arabic page's stack: the system's family, then one that has the script, then the generic one (app/globals.css). */
describe('the Arabic stack', () => {
  it('names a family with Arabic between the system font and the generic one', () => {
    const arabic = css
      .match(/html:lang\(ar\)\s*\{\s*--font-sans:([^;]+);/)?.[1]
      ?.split(',')
      .map((family) => family.trim());
    expect(arabic).toEqual(['system-ui', "'Noto Sans Arabic'", 'sans-serif']);
  });
});

const ROOT = path.join(__dirname, '../..');
const components = ['app', 'components'].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
);

/** Each weight is a font lookup of its own before the first layout (app/globals.css). */
describe('font weights', () => {
  it.each(components)('%s uses regular and bold only', (file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    expect(source.match(/\bfont-(?:thin|extralight|light|medium|semibold|extrabold|black)\b/g) ?? []).toEqual([]);
  });
});
