import { readFileSync } from 'node:fs';
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
