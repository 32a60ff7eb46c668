import { seriousAxeViolations } from '../support/axe';
import { test as base, expect, type Page } from '@playwright/test';
import { contractFixture, type ContractWatch } from '../support/contract';
import { QaApi } from './qa-api';

/**
 * The smoke suite's fixtures: a site's address (`E2E_BASE_URL`) and admin token
 * (`E2E_ADMIN_TOKEN`), nothing else. Deliberately no Redis: this file imports nothing that talks to one.
 */
type Fixtures = {
  contract: ContractWatch;
  adminToken: string;
  /** The public API, each answer checked against the OpenAPI document. */
  api: QaApi;
  /** A fresh unlisted project for the test (`qa-<hex>`). */
  slug: string;
  /** Opens another browser (a visitor of its own: its own cookies) on the site. */
  newVisitor: () => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    if (!process.env.E2E_BASE_URL) throw new Error('set E2E_BASE_URL to the site to test');
    await use(process.env.E2E_BASE_URL);
  },
  contract: contractFixture,
  adminToken: async ({}, use) => {
    if (!process.env.E2E_ADMIN_TOKEN) throw new Error('set E2E_ADMIN_TOKEN to the site’s ADMIN_TOKEN');
    await use(process.env.E2E_ADMIN_TOKEN);
  },
  request: async ({ request, contract }, use) => use(contract.request(request)),
  context: async ({ context, contract }, use) => {
    context.on('page', (page) => contract.page(page));
    await use(context);
  },
  api: async ({ request, adminToken }, use) => use(new QaApi(request, adminToken)),
  slug: async ({ api }, use) => use(await api.createProject()),
  newVisitor: async ({ browser, baseURL, contract }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      contract.page(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** axe-core on the page as it stands: no violation of serious or critical impact. */
export async function expectNoSeriousAxeViolations(page: Page, state: string) {
  const serious = await seriousAxeViolations(page);
  expect(serious, `${state}: serious or critical axe violations`).toEqual([]);
}
