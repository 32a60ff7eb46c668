import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '../..');
/** Arrows, technical symbols, geometric shapes, dingbats, emoji: blocks a text font seldom has. */
const SYMBOL = /[\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff\u{1f300}-\u{1faff}]/gu;

const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));

/** What the browser would draw: the source without its comments. */
const code = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

/**
 * A character the page's font lacks sends the browser through every installed font before the
 * first layout (components/Mark.tsx; docs/benchmarks.md, "Lighthouse on a phone"): the pages draw
 * their marks as SVG. Names and titles that people typed are theirs to write in any script.
 */
describe('marks on the pages', () => {
  it.each([...sources('app'), ...sources('components')])('%s types no symbol a text font may lack', (file) => {
    expect(code(file).match(SYMBOL) ?? []).toEqual([]);
  });
});
