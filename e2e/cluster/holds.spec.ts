import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { putProject } from '../../lib/projects/save';
import type { RedisClient } from '../../lib/redis/client';
import { sampleProjectInput } from '../../tests/sample-project';
import { pinnedPage } from '../support/pinned';
import { ScaledStack } from '../support/scaled-stack';

/** Holds at scale: a Redis Cluster, two instances behind HAProxy; the holder on instance-1, a watcher on instance-2. */
let stack: ScaledStack;
let redis: RedisClient;
test.beforeAll(async () => {
  stack = await ScaledStack.start({}, { store: 'cluster' });
  redis = stack.createRedis();
});
test.afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

test('a hold made through instance-1 shows "being claimed" on a page served by instance-2, and giving it back frees the place there', async ({
  browser,
}) => {
  const slug = `e2e-holds-${randomBytes(4).toString('hex')}`;
  await putProject(
    slug,
    {
      ...sampleProjectInput(slug),
      tiers: [{ id: 'vinyl', title: 'The vinyl', description: '', minimum: 40, limit: 2 }],
      listed: false,
    },
    redis,
  );
  const holder = await pinnedPage(browser, stack.url, 'instance-1', `/projects/${slug}`);
  const watcher = await pinnedPage(browser, stack.url, 'instance-2', `/projects/${slug}`);
  const vinyl = (page: typeof holder) => page.locator('[data-testid="tier-option"][data-tier="vinyl"]');

  await vinyl(holder).click();
  await expect(holder.getByTestId('hold-countdown')).toHaveText(/^(10:00|9:[0-5]\d)$/);
  await expect(vinyl(watcher)).toContainText('1 left · 1 being claimed');

  await holder.getByLabel('Pledge without a reward').check();
  await expect(vinyl(watcher)).toContainText('2 left');
  await expect(vinyl(watcher)).not.toContainText('being claimed');
});
