import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promisedTestIds, type PromisedPage } from '../../e2e/pages/test-ids';

const ROOT = path.join(__dirname, '../..');
const PAGES: PromisedPage[] = ['catalogue', 'project', 'quiz', 'leaderboard', 'feed', 'admin', 'ops', 'errors'];

const sources = ['app', 'components'].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => readFileSync(path.join(ROOT, dir, file), 'utf8')),
);
const rendered = new Set(
  sources.flatMap((source) => [...source.matchAll(/(?:data-testid|testId)="([a-z0-9-]+)"/g)].map((match) => match[1]!)),
);

/**
 * The test ids docs/testing.md promises per page are in the markup: a first, static check (the
 * smoke suite, e2e/deployed/smoke.spec.ts, checks each on its page in a browser).
 */
describe('the promised test ids', () => {
  it.each(PAGES)('of the %s page are rendered by app/ or components/', (page) => {
    const ids = promisedTestIds(page);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !rendered.has(id))).toEqual([]);
  });

  it('include every test id the page objects use', () => {
    const promised = new Set(PAGES.flatMap(promisedTestIds));
    const pageObjects = readdirSync(path.join(ROOT, 'e2e/pages')).map((file) =>
      readFileSync(path.join(ROOT, 'e2e/pages', file), 'utf8'),
    );
    const used = pageObjects.flatMap((source) =>
      [...source.matchAll(/getByTestId\('([a-z0-9-]+)'\)|data-testid="([a-z0-9-]+)"/g)].map(
        (match) => (match[1] ?? match[2])!,
      ),
    );
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((id) => !promised.has(id))).toEqual([]);
  });
});
