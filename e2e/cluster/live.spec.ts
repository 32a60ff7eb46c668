import { expect, test } from '@playwright/test';
import { INSTANCE_HEADER } from '../../lib/http/instance-header';
import { projectTag } from '../../lib/projects/keys';
import type { RedisClient } from '../../lib/redis/client';
import { createProject } from '../support/fixtures';
import { pinnedApi, pinnedPage } from '../support/pinned';
import { playQuiz, uniqueName } from '../support/quiz';
import { ScaledStack } from '../support/scaled-stack';

/**
 * The site as it runs at scale: a Redis Cluster of 3 masters and 3 replicas, two instances,
 * HAProxy. Pages are held on instance-2, writes go through instance-1.
 */
test.describe.configure({ mode: 'default' });

let stack: ScaledStack;
let redis: RedisClient;
test.beforeAll(async () => {
  stack = await ScaledStack.start({ FOLD_WINDOW_MS: '2000' }, { store: 'cluster' });
  redis = stack.createRedis();
});
test.afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

/** New projects until one lives on each of the cluster's masters. */
async function oneProjectPerMaster(): Promise<string[]> {
  const byMaster = new Map<number, string>();
  while (byMaster.size < 3) {
    const slug = await createProject(redis);
    const master = await stack.cluster.masterFor(projectTag(slug));
    if (!byMaster.has(master.port)) byMaster.set(master.port, slug);
  }
  return [...byMaster.values()];
}

test('a contribution posted through instance-1 appears live on pages served by instance-2, whichever master owns the project', async ({
  browser,
}) => {
  const api = await pinnedApi(stack.url, 'instance-1');
  for (const slug of await oneProjectPerMaster()) {
    const page = await pinnedPage(browser, stack.url, 'instance-2', `/projects/${slug}`);
    const posted = await api.post(`/api/projects/${slug}/contributions`, {
      data: { name: `Via instance-1 ${slug}`, amount: 12 },
    });
    expect([posted.status(), posted.headers()[INSTANCE_HEADER.toLowerCase()]]).toEqual([201, 'instance-1']);
    await expect(page.getByTestId('contributor-item')).toContainText(`Via instance-1 ${slug}`);
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '1');
    await page.context().close();
  }
  await api.dispose();
});

test('a quiz submitted through instance-1 slides into the leaderboard served by instance-2', async ({ browser }) => {
  const page = await pinnedPage(browser, stack.url, 'instance-2', '/leaderboard');
  const api = await pinnedApi(stack.url, 'instance-1');
  const name = uniqueName('Scale');
  const { rank } = await playQuiz(api, name);
  expect(rank).not.toBeNull();
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: name })).toHaveCount(1);
  await api.dispose();
});

test('folds are published once across both instances’ pollers, live on /ops served by instance-2', async ({
  browser,
}) => {
  const page = await pinnedPage(browser, stack.url, 'instance-2', '/ops');
  const apis = [await pinnedApi(stack.url, 'instance-1'), await pinnedApi(stack.url, 'instance-2')];
  const accounts = Array.from({ length: 8 }, (_, i) => `scale_${Date.now().toString(36)}_${i}`);
  // An account's five events go out together, both instances at once: sent one after another, a
  // POST slow for a whole window (seen: 1 s on a loaded box) split them into two folds by right.
  for (const [i, account] of accounts.entries()) {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, event) =>
        apis[(i + event) % 2]!.post('/api/folding/events', {
          headers: { authorization: `Bearer ${stack.adminToken}` },
          data: { id: `p${event}`, account_id: account, metrics: { likes: 1 } },
        }),
      ),
    );
    expect(responses.map((response) => response.status())).toEqual([202, 202, 202, 202, 202]);
  }
  const published = page.getByTestId('folding-published');
  for (const account of accounts) {
    await expect(published.locator(`[data-testid="folding-published-item"][data-account="${account}"]`)).toHaveCount(
      1,
      { timeout: 15_000 },
    );
  }
  // Two more windows, each seen to pass by a later account's fold: still one fold each, in the published log too.
  for (const later of [`${accounts[0]}_later_1`, `${accounts[0]}_later_2`]) {
    const sent = await apis[0]!.post('/api/folding/events', {
      headers: { authorization: `Bearer ${stack.adminToken}` },
      data: { id: 'p0', account_id: later, metrics: { likes: 1 } },
    });
    expect(sent.status()).toBe(202);
    await expect(published.locator(`[data-testid="folding-published-item"][data-account="${later}"]`)).toHaveCount(1, {
      timeout: 15_000,
    });
  }
  const log = (await (await apis[0]!.get('/api/folding/published?limit=100')).json()) as { account_id: string }[];
  for (const account of accounts) expect(log.filter((fold) => fold.account_id === account)).toHaveLength(1);
  await Promise.all(apis.map((api) => api.dispose()));
});

test('a person with a tab on each instance is one visitor: the instances accept each other’s visitor cookies', async ({
  browser,
}) => {
  const slug = await createProject(redis);
  const first = await pinnedPage(browser, stack.url, 'instance-1', `/projects/${slug}`);
  await expect(first.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');
  const context = first.context();
  await context.addCookies([{ name: 'SERVERID', value: 'instance-2', url: stack.url }]);
  const second = await context.newPage();
  await second.goto(`/projects/${slug}`);
  await expect(second.getByTestId('instance-name')).toHaveText('instance-2');
  await expect(second.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await expect(second.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');
  await expect(first.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');
  await context.close();
});

test('an edit through one instance is in a page view of both after it, and their pages stay shared', async () => {
  const slug = await createProject(redis);
  const apis = {
    'instance-1': await pinnedApi(stack.url, 'instance-1'),
    'instance-2': await pinnedApi(stack.url, 'instance-2'),
  };
  const view = async (instance: keyof typeof apis) => {
    const response = await apis[instance].get(`/projects/${slug}`, { headers: { accept: 'text/html' } });
    expect(response.headers()[INSTANCE_HEADER.toLowerCase()]).toBe(instance);
    return response.text();
  };
  // Both instances have rendered and cached the page, and hear its project's channel.
  for (const instance of ['instance-1', 'instance-2'] as const)
    expect(await view(instance)).toContain(`Project ${slug}`);
  const title = `Renamed ${slug}`;
  const edited = await apis['instance-1'].put(`/api/projects/${slug}`, {
    headers: { authorization: `Bearer ${stack.adminToken}` },
    data: {
      title,
      tagline: 'Edited live',
      description: 'Edited while two instances served it.',
      creator: 'Test Creator',
      creatorAccount: `account-${slug}`,
      goal: 10_000,
    },
  });
  expect(edited.status()).toBe(200);
  // Each instance heard the save on the project's channel: decided by what a view shows, not how soon.
  for (const instance of ['instance-1', 'instance-2'] as const)
    await expect.poll(() => view(instance), { message: instance }).toContain(title);
  await Promise.all(Object.values(apis).map((api) => api.dispose()));
});
