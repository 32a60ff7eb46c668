import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { BASELINE_FILE } from './baseline';
import { QA_NAME, QA_SLUG } from './qa-api';

/**
 * The suite leaves what visitors see as it found it: no card of its projects, no row of its
 * players. On a site started for this run alone (`E2E_STACK`, as `npm test` runs it) nobody else
 * writes meanwhile, so the cards and the rows must be exactly those of before; on a deployment
 * with other traffic, only the suite's own are looked for.
 */
test('the catalogue’s cards and the boards’ rows are as they were', async ({ api }) => {
  const before = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Awaited<ReturnType<typeof api.visible>>;
  const after = await api.visible();
  expect(after.cards.filter((card) => QA_SLUG.test(card.slug))).toEqual([]);
  for (const rows of Object.values(after.boards)) expect(rows.filter((row) => QA_NAME.test(row.name))).toEqual([]);
  if (process.env.E2E_STACK) expect(after).toEqual(before);
});
