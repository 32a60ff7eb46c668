import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, ROOT, headingAnchors, prose, read } from './markdown';

/** Build output, dependencies and local data: not the repository's own files. */
const NOT_SOURCES = new Set(['node_modules', '.git', '.next', 'test-results', 'playwright-report', 'data']);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => !NOT_SOURCES.has(entry.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

const FILES = filesUnder('');
const TOP_LEVEL = new Set(FILES.map((file) => file.split(path.sep)[0]!));
const FILE_NAME = /^[\w.-]+\.(ts|tsx|mts|js|mjs|lua|md|json|png|sh|ya?ml)$/;

/**
 * What a code span names as a path: no spaces, globs, placeholders, keys or routes; and either
 * starting at a top-level entry of the repository (`lib/realtime/hub.ts`, `e2e/cluster/`), or a
 * file name with a known extension (`poller.ts`, `lua/timeline.lua`), which some file of the repository must end with.
 */
export function namedPath(code: string): { exact: string } | { suffix: string } | undefined {
  if (/[\s*<>{}:$?|,()[\]#=]/.test(code) || code.startsWith('/') || code.startsWith('.')) return undefined;
  if (code.includes('/') && TOP_LEVEL.has(code.split('/')[0]!)) return { exact: code.replace(/\/$/, '') };
  const name = code.split('/').at(-1)!;
  return FILE_NAME.test(name) ? { suffix: code } : undefined;
}

function pathExists(named: { exact: string } | { suffix: string }): boolean {
  if ('exact' in named) return existsSync(path.join(ROOT, named.exact));
  return FILES.some((file) => file === named.suffix || file.endsWith(`/${named.suffix}`));
}

describe.each(DOCUMENTS)('%s', (document) => {
  const text = prose(read(document));

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file ? path.join(path.dirname(document), decodeURIComponent(file)) : document;
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target}: no ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !headingAnchors(read(resolved)).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const missing = [...text.matchAll(/`([^`\n]+)`/g)]
      .map(([, code]) => [code!, namedPath(code!)] as const)
      .filter(([, named]) => named && !pathExists(named))
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });
});

describe('what counts as a named path', () => {
  it('takes paths from the repository and file names, and leaves keys, routes and commands alone', () => {
    expect(namedPath('lib/realtime/hub.ts')).toEqual({ exact: 'lib/realtime/hub.ts' });
    expect(namedPath('lib/live-events/lua/')).toEqual({ exact: 'lib/live-events/lua' });
    expect(namedPath('e2e/faults.spec.ts')).toEqual({ exact: 'e2e/faults.spec.ts' });
    expect(namedPath('record-contribution.lua')).toEqual({ suffix: 'record-contribution.lua' });
    expect(namedPath('lua/timeline.lua')).toEqual({ suffix: 'lua/timeline.lua' });
    for (const code of [
      '{project:s}:info',
      'GET /api/health',
      '/api/openapi.json',
      'app/api/**/route.ts',
      'lib/http/openapi/routes/<area>.ts',
      'npm run demo',
      'data/redis',
      'z.infer',
      'X-Forwarded-For',
    ]) {
      expect(namedPath(code), code).toBeUndefined();
    }
    expect(pathExists({ exact: 'lib/realtime/gone.ts' })).toBe(false);
    expect(pathExists({ suffix: 'gone.lua' })).toBe(false);
  });
});
