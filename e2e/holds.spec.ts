import { randomBytes } from 'node:crypto';
import { putProject } from '../lib/projects/save';
import { sampleProjectInput } from '../tests/sample-project';
import { ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

/** The main run's site holds a place for 15 s (HOLD_MS in e2e/support/global-setup.ts). */
const HOLD_S = 15;

test('a hold: choosing a limited tier holds a place and counts down; another page shows it "being claimed" and gives it back at its time, with no request', async ({
  browser,
  baseURL,
  redis,
}) => {
  const slug = `e2e-holds-${randomBytes(4).toString('hex')}`;
  const tiers = [{ id: 'vinyl', title: 'The vinyl', description: '', minimum: 40, limit: 3 }];
  await putProject(slug, { ...sampleProjectInput(slug), tiers, listed: false }, redis);
  const holder = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  const watcher = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await watcher.page.clock.install();
  for (const page of [holder, watcher]) await page.open(slug);
  await expect(watcher.page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  const vinyl = (page: ProjectPage) => page.page.locator('[data-testid="tier-option"][data-tier="vinyl"]');
  await expect(vinyl(watcher)).toContainText('3 left');

  await vinyl(holder).click();
  await expect(holder.page.getByTestId('hold-countdown')).toHaveText(new RegExp(`^0:(${HOLD_S}|1[0-4]|0\\d)$`));
  await expect(vinyl(watcher)).toContainText('2 left · 1 being claimed');

  // From here the watcher asks nothing: its page drops the hold at the time it was told.
  const requests: string[] = [];
  watcher.page.on('request', (request) => requests.push(request.url()));
  await watcher.page.clock.runFor(HOLD_S * 1_000);
  await expect(vinyl(watcher)).toContainText('3 left');
  await expect(vinyl(watcher)).not.toContainText('being claimed');
  expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
});
