import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

it('is MIT in LICENSE and in package.json alike', () => {
  expect(read('LICENSE')).toMatch(/^MIT License\n/);
  expect((JSON.parse(read('package.json')) as { license: string }).license).toBe('MIT');
});

/** A NOTICE file is how an Apache-2.0 package asks to be credited wherever it goes. */
it('quotes in THIRD_PARTY_NOTICES.md the NOTICE of every package the app depends on', () => {
  const tree = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const notices = read('THIRD_PARTY_NOTICES.md');
  const missing = [...new Set(tree.split('\n').filter(Boolean))]
    .map((dir) => path.join(dir, 'NOTICE'))
    .filter((file) => existsSync(file) && !notices.includes(readFileSync(file, 'utf8').trim()))
    .map((file) => path.relative(ROOT, file));
  expect(missing).toEqual([]);
});
