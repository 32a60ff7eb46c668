import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** README, "Why each dependency is here": development tools are not installed with `npm install --omit=dev`. */
it('keeps pretty logs and Lighthouse out of a production install, and the logger imports neither', () => {
  const tree = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const packages = new Set(
    tree
      .split('\n')
      .filter(Boolean)
      .map((dir) => path.relative(path.join(ROOT, 'node_modules'), dir)),
  );
  expect(packages.has('pino')).toBe(true);
  expect(packages.has('pino-pretty')).toBe(false);
  expect(packages.has('lighthouse')).toBe(false);
  expect(readFileSync(path.join(ROOT, 'lib', 'log.ts'), 'utf8')).not.toMatch(
    /from 'pino-pretty'|require\('pino-pretty'\)/,
  );
});
