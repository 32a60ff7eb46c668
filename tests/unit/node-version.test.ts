import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

/**
 * README's "It runs on Node 24": npm puts node_modules/.bin (the `node` package) first on the
 * PATH of every script, so Vitest and what it spawns the way the app is spawned
 * (lib/scale/app-process.ts: node_modules/.bin/tsx) run on it, whatever Node ran npm.
 */
it('runs on Node 24 or newer, as package.json requires, and so does the app it spawns', () => {
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  expect(engines.node).toBe('>=24');
  expect(major(process.version)).toBeGreaterThanOrEqual(24);
  const spawned = execFileSync(
    path.join('node_modules', '.bin', 'tsx'),
    ['--eval', 'process.stdout.write(process.version)'],
    { encoding: 'utf8' },
  );
  expect(major(spawned)).toBeGreaterThanOrEqual(24);
});

/** nvm, fnm and mise users are told the version by .nvmrc: the same major as the `node` package and engines. */
it('names in .nvmrc the Node the npm scripts run on', () => {
  const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: { node: string } };
  const nvmrc = readFileSync('.nvmrc', 'utf8').trim();
  expect(nvmrc).toBe('24');
  expect(major(devDependencies.node.replace(/^\^/, ''))).toBe(Number(nvmrc));
});
