import { randomBytes } from 'node:crypto';
import { putProject } from '../lib/projects/save';
import { sampleProjectInput } from '../tests/sample-project';
import { ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

test('reward tiers: no reward by default, choosing one fills the amount, and its last place sold shows "Sold out" on every open page', async ({
  browser,
  baseURL,
  redis,
}) => {
  const slug = `e2e-tiers-${randomBytes(4).toString('hex')}`;
  const tiers = [
    { id: 'sticker', title: 'A sticker', description: '', minimum: 5 },
    { id: 'vinyl', title: 'The vinyl', description: 'Signed by the band', minimum: 40, limit: 2 },
  ];
  await putProject(slug, { ...sampleProjectInput(slug), tiers, listed: false }, redis);
  const pages = await Promise.all(
    [0, 1].map(async () => new ProjectPage(await (await browser.newContext({ baseURL })).newPage())),
  );
  const [buyer, watcher] = [pages[0]!, pages[1]!];
  for (const page of [buyer, watcher]) await page.open(slug);

  const vinyl = (page: ProjectPage) => page.page.locator('[data-testid="tier-option"][data-tier="vinyl"]');
  await expect(buyer.page.getByLabel('Pledge without a reward')).toBeChecked();
  await expect(vinyl(watcher)).toContainText('2 left');
  await expect(
    watcher.page.locator('[data-testid="tier-option"][data-tier="sticker"] [data-testid="tier-places"]'),
  ).toHaveText('');

  for (const name of ['Ada', 'Grace']) {
    await vinyl(buyer).click();
    await expect(buyer.page.getByLabel('Amount in euros')).toHaveValue('40');
    await buyer.contributeForm.getByTestId('contribute-name').fill(name);
    await buyer.contributeForm.getByTestId('contribute-submit').click();
    await expect(buyer.contributeForm).toContainText(`Thank you, ${name}!`);
  }

  // Live, with no reload: the watcher's page counted the places down to none.
  await expect(vinyl(watcher)).toContainText('Sold out');
  await expect(vinyl(watcher).locator('input')).toBeDisabled();
  await expect(vinyl(buyer)).toContainText('Sold out');
});
