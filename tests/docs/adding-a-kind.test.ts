import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, read } from './markdown';

/**
 * docs/adding-a-kind.md quotes real files: each TypeScript block after a `<!-- quote: path -->`
 * must appear in that file, line for line (indentation aside), so every snippet compiles as its
 * file does under tsconfig.json (`noUncheckedIndexedAccess` and all).
 */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function contains(file: string[], quote: string[]): boolean {
  return file.some((_, start) => quote.every((line, i) => file[start + i] === line));
}

describe('docs/adding-a-kind.md', () => {
  const doc = read('docs/adding-a-kind.md');
  const quotes = [...doc.matchAll(/<!-- quote: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map(([, file, code]) => ({
    file: file!,
    code: code!,
  }));

  it('quotes each file of the kind it walks through', () => {
    expect(quotes.length).toBeGreaterThanOrEqual(8);
    expect(doc.match(/```ts/g)?.length).toBe(quotes.length);
  });

  it.each(quotes.map((quote) => [quote.file, quote] as const))('quotes %s as it is', (file, { code }) => {
    expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    expect(contains(lines(readFileSync(path.join(ROOT, file), 'utf8')), lines(code))).toBe(true);
  });

  it('is linked from the README and the tour', () => {
    expect(read('README.md')).toContain('(docs/adding-a-kind.md)');
    expect(read('docs/tour.md')).toContain('(adding-a-kind.md)');
  });
});
