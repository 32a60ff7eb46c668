import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBlocks, renderMeasurement, replaceBlock, takeWriteOption, writeBlocks } from '../../bench/doc-block';
import { formatTable } from '../../bench/report';
import { DOCUMENTS, read } from './markdown';

const DOC = [
  '# Benchmarks',
  '',
  'How to read it.',
  '',
  '<!-- bench:push:start -->',
  'old figures',
  '<!-- bench:push:end -->',
  '',
  'What it means.',
  '',
].join('\n');

describe('the blocks a bench or chaos run writes into the docs', () => {
  it('replaces only what lies between the markers, and keeps the markers', () => {
    expect(replaceBlock(DOC, 'bench:push', 'new figures\n')).toBe(DOC.replace('old figures', 'new figures'));
    expect(replaceBlock(replaceBlock(DOC, 'bench:push', 'a'), 'bench:push', 'b')).toBe(DOC.replace('old figures', 'b'));
  });

  it('refuses a block that is missing, doubled or has its markers the wrong way round', () => {
    expect(() => replaceBlock(DOC, 'bench:bulk', 'x')).toThrow('<!-- bench:bulk:start -->');
    expect(() => replaceBlock(`${DOC}\n<!-- bench:push:start -->\n`, 'bench:push', 'x')).toThrow();
    expect(() => replaceBlock('<!-- a:end -->\n<!-- a:start -->', 'a', 'x')).toThrow();
  });

  it('renders the date, the command, the machine and the tables only', () => {
    const text = renderMeasurement({
      date: new Date('2026-11-23T23:59:00Z'),
      command: 'npm run bench -- push',
      machine: ['AMD EPYC ×2, 23.5 GiB, Linux x64', 'node 24.21.0', 'redis 7.0.15', 'load 2.57 (busy: noisy)'],
      tables: ['| figure |\n| --- |\n| push |'],
    });
    expect(text.split('\n')).toEqual([
      '2026-11-23 · `npm run bench -- push` · AMD EPYC ×2, 23.5 GiB, Linux x64 · node 24.21.0 · redis 7.0.15 · load 2.57 (busy: noisy)',
      '',
      '| figure |',
      '| --- |',
      '| push |',
    ]);
  });

  it('leaves out the baseline and ratio columns only when no row has one', () => {
    const row = { figure: 'push p99', measured: '39 ms', baseline: '—', ratio: '—', target: '< 100 ms', met: true };
    expect(formatTable([row]).split('\n')).toEqual([
      '| figure   | measured | target   | met? |',
      '|----------|----------|----------|------|',
      '| push p99 | 39 ms    | < 100 ms | yes  |',
    ]);
    const compared = { ...row, baseline: '41 ms', ratio: '0.95' };
    expect(formatTable([row, compared]).split('\n')[0]).toBe(
      '| figure   | measured | baseline | ratio | target   | met? |',
    );
  });

  it('writes every block of a file at once, or none when one is missing', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'doc-block-')), 'benchmarks.md');
    writeFileSync(file, DOC);
    expect(() => writeBlocks(file, { 'bench:push': 'new', 'bench:bulk': 'new' })).toThrow();
    expect(() => checkBlocks(file, ['bench:push', 'bench:bulk'])).toThrow('bench:bulk');
    expect(readFileSync(file, 'utf8')).toBe(DOC);
    writeBlocks(file, { 'bench:push': 'new' });
    expect(readFileSync(file, 'utf8')).toBe(DOC.replace('old figures', 'new'));
  });

  it('takes --write and its file out of the arguments', () => {
    expect(takeWriteOption(['round-trips', '--write', 'docs/benchmarks.md', 'push'])).toEqual({
      args: ['round-trips', 'push'],
      writeTo: 'docs/benchmarks.md',
    });
    expect(takeWriteOption(['push'])).toEqual({ args: ['push'] });
    expect(() => takeWriteOption(['--write'])).toThrow('--write needs a file');
  });
});

describe('the blocks in the docs', () => {
  it.each(DOCUMENTS)('%s: each block a run writes is there once, so a rerun can replace it', (document) => {
    const text = read(document);
    const names = new Set([...text.matchAll(/<!-- ([a-z-]+:[a-z-]+):(?:start|end) -->/g)].map(([, name]) => name!));
    for (const name of names) expect(() => replaceBlock(text, name, 'rerun'), name).not.toThrow();
  });
});
