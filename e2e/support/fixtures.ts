import { harnessRedis } from './harness-redis';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { LiveEventsContext } from '../../lib/live-events/context';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { saveProject } from '../../lib/projects/save';
import { waitUntilReady, type RedisClient } from '../../lib/redis/client';
import { sampleProject } from '../../tests/sample-project';
import { contractFixture, type ContractWatch } from './contract';

type Fixtures = {
  /** Checks every /api answer of the test against the OpenAPI document (used by `request` and `page`). */
  contract: ContractWatch;
  /** A fresh project of its own for each test, so tests never see each other's events. */
  slug: string;
  admin: { headers: Record<string, string> };
};
type WorkerFixtures = { redis: RedisClient; live: LiveEventsContext };

export async function createProject(
  redis: RedisClient,
  slug = `e2e-${randomBytes(5).toString('hex')}`,
): Promise<string> {
  await saveProject(sampleProject(slug, 1_000), Date.now(), redis);
  return slug;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  contract: contractFixture,
  request: async ({ request, contract }, use) => use(contract.request(request)),
  context: async ({ context, contract }, use) => {
    context.on('page', (page) => contract.page(page));
    await use(context);
  },
  redis: [
    async ({}, use) => {
      const redis = harnessRedis(process.env.E2E_REDIS_URL!);
      await waitUntilReady(redis);
      await use(redis);
      await redis.quit();
    },
    { scope: 'worker' },
  ],
  live: [async ({ redis }, use) => use({ redis, windows: DEFAULT_WINDOWS, now: Date.now }), { scope: 'worker' }],
  slug: async ({ redis }, use) => use(await createProject(redis)),
  admin: async ({}, use) => use({ headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` } }),
});

export { expect };

export async function postContribution(request: APIRequestContext, slug: string, body: object) {
  return request.post(`/api/projects/${slug}/contributions`, { data: body });
}
