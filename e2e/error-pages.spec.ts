import { randomBytes } from 'node:crypto';
import { projectKeys } from '../lib/projects/keys';
import { ErrorPages } from './pages';
import { AppProcess } from './support/app-process';
import { createProject, expect, test } from './support/fixtures';

/**
 * Pages for every path, on the production build: a project nobody can find is a 404 that says so
 * (through the page cache, on each instance), any other unknown path too, and a page that fails
 * offers a retry and is logged under the request's id. A second instance on the same Redis,
 * whose log the test reads.
 */
let second: AppProcess;
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  second = await AppProcess.start({
    REDIS_URL: process.env.E2E_REDIS_URL!,
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN!,
    LOG_LEVEL: 'info',
  });
});
test.afterAll(async () => second.stop());

const html = { accept: 'text/html' };
const instances = () => [process.env.E2E_BASE_URL!, second.baseURL];

test('an unknown project is a 404 on every instance, every time, and leads to the catalogue', async ({
  page,
  request,
}) => {
  const path = `/projects/no-such-${randomBytes(4).toString('hex')}`;
  for (const base of instances()) {
    // The second view of each is the page cache's answer, if it kept anything.
    for (let view = 0; view < 2; view++) {
      const answer = await request.get(`${base}${path}`, { headers: html });
      expect(answer.status(), `${base}, view ${view + 1}`).toBe(404);
      const body = await answer.text();
      // Server-rendered: the heading is in the HTML, not only in the data a script renders it from.
      expect(body).toMatch(/<h1[^>]*>No project at this address<\/h1>/);
      expect(body).not.toContain('__next_error__');
      expect(answer.headers()['cache-control']).toBe('private, no-store');
    }
  }
  const opened = await page.goto(path);
  expect(opened?.status()).toBe(404);
  const errors = new ErrorPages(page);
  await expect(errors.notFound.getByRole('heading', { level: 1 })).toHaveText('No project at this address');
  await errors.toCatalogue.click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects people are backing right now');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('an unknown project’s 404 is readable, and leads to the catalogue', async ({ page }) => {
    const opened = await page.goto(`/projects/no-such-${randomBytes(4).toString('hex')}`);
    expect(opened?.status()).toBe(404);
    const errors = new ErrorPages(page);
    await expect(errors.notFound.getByRole('heading', { level: 1 })).toHaveText('No project at this address');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await errors.toCatalogue.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects people are backing right now');
  });

  test('any other unknown path’s 404, and an unknown creator’s, are readable in the page’s language', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/no/such/page', 'There is no page here'],
      ['/de/nirgends/hier', 'Hier gibt es keine Seite'],
      [`/creators/nobody-${randomBytes(4).toString('hex')}`, 'There is no page here'],
    ] as const) {
      const opened = await page.goto(path);
      expect(opened?.status(), path).toBe(404);
      await expect(new ErrorPages(page).notFound.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation').first()).toBeVisible();
    }
  });
});

test('any other unknown path is a 404 in the site’s look', async ({ page }) => {
  const opened = await page.goto('/no/such/page');
  expect(opened?.status()).toBe(404);
  await expect(new ErrorPages(page).notFound).toContainText('There is no page here');
  await expect(page.getByRole('navigation').first()).toBeVisible();
});

test('a project removed from Redis is a 404 on an instance that had not rendered it', async ({
  request,
  redis,
  slug,
}) => {
  expect((await request.get(`/projects/${slug}`, { headers: html })).status()).toBe(200);
  await redis.del(projectKeys.info(slug));
  // Decided on the answer, not on one try: a busy machine may still be finishing the first render's work.
  await expect
    .poll(async () => (await request.get(`${second.baseURL}/projects/${slug}`, { headers: html })).status())
    .toBe(404);
});

test('a page that fails offers a retry, and its reference is logged with the request’s id', async ({ page, redis }) => {
  const slug = `e2e-broken-${randomBytes(4).toString('hex')}`;
  // Data Redis answers with an error for (WRONGTYPE): neither a missing project nor Redis away.
  await redis.set(projectKeys.info(slug), 'not a hash');
  const requestId = `e2e-${randomBytes(6).toString('hex')}`;
  await page.setExtraHTTPHeaders({ 'x-request-id': requestId });
  const opened = await page.goto(`${second.baseURL}/projects/${slug}`);
  expect(opened?.status()).toBe(500);
  const errors = new ErrorPages(page);
  await expect(errors.failed).toContainText('This page could not be shown');
  const reference = (await errors.reference.textContent())!;
  const logged = second.output.split('\n').filter((line) => line.includes('rendering failed'));
  expect(
    logged.some((line) => line.includes(`"reqId":"${requestId}"`) && line.includes(`"digest":"${reference}"`)),
    logged.join('\n'),
  ).toBe(true);

  await redis.del(projectKeys.info(slug));
  await createProject(redis, slug);
  await errors.retry.click();
  await expect(page.getByTestId('contribute-form')).toBeVisible();
});
