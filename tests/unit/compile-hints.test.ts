import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints } from '../../scripts/compile-hints';

let buildDir = '';
afterEach(() => rmSync(buildDir, { recursive: true, force: true }));

function fakeBuild(files: Record<string, string>, rootMainFiles: string[]): void {
  buildDir = mkdtempSync(path.join(os.tmpdir(), 'crowdpulse-build-'));
  mkdirSync(path.join(buildDir, 'static', 'chunks'), { recursive: true });
  for (const [file, source] of Object.entries(files)) writeFileSync(path.join(buildDir, file), source);
  writeFileSync(path.join(buildDir, 'build-manifest.json'), JSON.stringify({ rootMainFiles }));
}

const read = (file: string) => readFileSync(path.join(buildDir, file), 'utf8');

describe('compile hints', () => {
  it('opens the root scripts with the hint, once, and leaves the other files alone', () => {
    const files = {
      'static/chunks/react.js': 'a();',
      'static/chunks/page.js': 'b();',
      'static/chunks/root.css': 'p{}',
    };
    fakeBuild(files, ['static/chunks/react.js', 'static/chunks/root.css']);
    expect(addCompileHints(buildDir)).toHaveLength(1);
    expect(addCompileHints(buildDir)).toHaveLength(0);
    expect(read('static/chunks/react.js')).toBe(`${COMPILE_HINT}a();`);
    expect(read('static/chunks/page.js')).toBe('b();');
    expect(read('static/chunks/root.css')).toBe('p{}');
  });
});
