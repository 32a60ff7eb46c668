import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The pages of the test-id table in docs/testing.md, by the first word of its first column. */
export type PromisedPage = 'catalogue' | 'project' | 'quiz' | 'leaderboard' | 'feed' | 'admin' | 'ops' | 'errors';

const DOC = path.join(__dirname, '../../docs/testing.md');

/**
 * The test ids docs/testing.md promises on a page: the backticked ids of its row in the table
 * under "### Test ids". The doc is the promise; this reads it rather than a copy.
 */
export function promisedTestIds(page: PromisedPage): string[] {
  const doc = readFileSync(DOC, 'utf8');
  const table = doc.split(/^### Test ids$/m)[1]?.split(/^#/m)[0] ?? '';
  const row = table.split('\n').find((line) => new RegExp(`^\\|\\s*${page}\\b`, 'i').test(line));
  if (!row) throw new Error(`docs/testing.md lists no test ids for the ${page} page`);
  const ids = [...(row.split('|')[2] ?? '').matchAll(/`([a-z0-9-]+)`/g)].map((match) => match[1]!);
  if (ids.length === 0) throw new Error(`docs/testing.md's ${page} row names no test id`);
  return ids;
}

/**
 * The test ids a page has shown, collected across the states a flow takes it through (a quiz's
 * question, its answer, its score…): `missing` then says which promised ids never appeared.
 */
export class TestIdsSeen {
  private readonly seen = new Set<string>();

  constructor(private readonly page: Page) {}

  async collect(): Promise<void> {
    const ids = await this.page
      .locator('[data-testid]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
    for (const id of ids) this.seen.add(id);
  }

  /** Collects the page as it stands, then lists the ids of `promised` it never showed. */
  async missing(promised: readonly string[]): Promise<string[]> {
    await this.collect();
    return promised.filter((id) => !this.seen.has(id));
  }
}
