import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPageOf, UNKNOWN_PATH } from '../../../lib/server/shared-pages';

const APP = path.join(__dirname, '../../../app/[locale]');
/** Files that make a path Next answers (https://nextjs.org/docs/app/api-reference/file-conventions). */
const ROUTE_FILE = /^(?:page|route|(?:opengraph|twitter)-image|icon|apple-icon)\.(?:tsx?|jsx?)$/;
const SAMPLE: Record<string, string> = { slug: 'orbit-garden', account: 'acct-7' };

/** Every path the files under app/[locale] answer, with a sample for each parameter; not the catch-all. */
function answeredPaths(): string[] {
  return readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .filter((file) => ROUTE_FILE.test(path.basename(file)) && !file.includes('[...'))
    .map((file) => {
      const dir = path.dirname(file) === '.' ? '' : `/${path.dirname(file)}`;
      const name = path.basename(file).replace(/\.[^.]+$/, '');
      const route = name === 'page' || name === 'route' ? dir : `${dir}/${name}`;
      return route.replace(/\[(\w+)\]/g, (_, param: string) => SAMPLE[param] ?? `sample-${param}`);
    });
}

describe('a path under a locale that no page answers', () => {
  it('is the one 404 per locale; a path a file in app/ answers never is', () => {
    const answered = answeredPaths();
    expect(answered).toEqual(expect.arrayContaining(['', '/quiz', '/projects/orbit-garden/opengraph-image']));
    for (const locale of ['en', 'de', 'ar'])
      for (const route of answered)
        expect(sharedPageOf(`/${locale}${route}`)?.path, `/${locale}${route}`).not.toBe(`/${locale}${UNKNOWN_PATH}`);
    for (const unknown of [
      '/de/nowhere/at/all',
      '/de/projects/orbit-garden/more',
      '/de/creators/no%20such',
      '/de/projects',
    ])
      expect(sharedPageOf(unknown), unknown).toEqual({ path: `/de${UNKNOWN_PATH}`, topic: { kind: 'shell' } });
  });

  it('is left to Next when it ends in a slash (Next redirects it); a creator’s page is rendered for every view', () => {
    expect(sharedPageOf('/en/nowhere/')).toBeUndefined();
    expect(sharedPageOf('/en/creators/acct-7')).toEqual({ path: '/en/creators/acct-7' });
  });
});
