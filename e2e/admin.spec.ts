import { publishNews } from '../lib/live-events';
import { AdminConsole, CataloguePage, ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

test('an admin unpublishes news from the admin page and it vanishes from an open project page', async ({
  browser,
  baseURL,
  slug,
  live,
}) => {
  await publishNews(slug, { id: 'launch-news', title: 'We launched!', url: 'https://example.org/launch' }, live);
  const visitor = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await visitor.goto(slug);
  await expect(visitor.news).toContainText('We launched!');
  await expect(visitor.news).toContainText(/News published (now|\d+ seconds ago)/);

  const admin = new AdminConsole(await (await browser.newContext({ baseURL })).newPage());
  await admin.open(process.env.E2E_ADMIN_TOKEN!, slug);
  await admin.unpublish('We launched!');

  await expect(visitor.news).toHaveCount(0);
});

test('news published, a contribution cancelled and an import all reach an open page', async ({
  page,
  request,
  slug,
  admin,
}) => {
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');

  const news = await request.post(`/api/projects/${slug}/news`, {
    data: { title: 'Stretch goal', url: 'https://example.org/s' },
    ...admin,
  });
  expect(news.status()).toBe(201);
  await expect(page.getByTestId('news-item')).toContainText('Stretch goal');
  await expect(page.getByTestId('news-item').getByRole('link')).toHaveAttribute('href', 'https://example.org/s');

  await request.post(`/api/projects/${slug}/contributions`, {
    data: { id: 'bounced', name: 'Bounced card', amount: 30 },
  });
  await expect(page.getByTestId('contributor-item')).toHaveCount(1);
  expect((await request.delete(`/api/projects/${slug}/contributions/bounced`, admin)).status()).toBe(200);
  await expect(page.getByTestId('contributor-item')).toHaveCount(0);
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '0');

  const now = Date.now();
  const imported = await request.post(`/api/projects/${slug}/import`, {
    data: {
      events: [
        { kind: 'contribution', id: 'old-1', name: 'From the old site', amount: 20, at: now - 60_000 },
        { kind: 'contribution', id: 'old-2', name: 'Two hours ago', amount: 20, at: now - 2 * 3_600_000 },
        { kind: 'contribution', id: 'old-3', name: 'Two days ago', amount: 20, at: now - 48 * 3_600_000 },
      ],
    },
    ...admin,
  });
  expect(await imported.json()).toEqual({ imported: 2, skipped: 1 });
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('contributor-item')).toHaveCount(1);
});

test('a bulk import is one click from an example: the events it still holds reach an open page', async ({
  browser,
  baseURL,
  slug,
}) => {
  const visitor = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await visitor.open(slug);

  const admin = new AdminConsole(await (await browser.newContext({ baseURL })).newPage());
  await admin.open(process.env.E2E_ADMIN_TOKEN!, slug);
  await admin.page.getByRole('button', { name: 'Insert an example' }).click();
  await admin.page.getByRole('button', { name: 'Import', exact: true }).click();
  // The example's contribution of 30 hours ago is past every window: skipped.
  await expect(admin.message).toContainText('Imported 3, skipped 1');

  await expect(visitor.contributorNamed('Imported backer')).toHaveCount(1);
  await expect(visitor.newsTitled('Imported update from the old site')).toHaveCount(1);
});

test('an admin creates a project with the form; the catalogue pages to it without JavaScript', async ({
  browser,
  baseURL,
  page,
}) => {
  const slug = `e2e-form-${Date.now().toString(36)}`;
  const admin = new AdminConsole(page);
  await admin.open(process.env.E2E_ADMIN_TOKEN!);
  const form = page.getByTestId('project-form');
  await form.getByLabel('Slug').fill(slug);
  await form.getByLabel('Title').fill('Form-made Project');
  await form.getByLabel('Creator', { exact: true }).fill('Form Maker');
  await form.getByLabel('Creator account').fill('account_form_maker');
  await form.getByLabel('Goal').fill('5000');
  // Three days and an hour from now, in the browser's (and this machine's) time zone.
  const endsAt = new Date(Date.now() + (3 * 24 + 1) * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await admin.endsAt.fill(
    `${endsAt.getFullYear()}-${pad(endsAt.getMonth() + 1)}-${pad(endsAt.getDate())}T${pad(endsAt.getHours())}:${pad(endsAt.getMinutes())}`,
  );
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByTestId('admin-message')).toContainText(`Saved “Form-made Project” (${slug})`);
  await expect(page.getByLabel('Project')).toContainText('Form-made Project');
  const project = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await project.open(slug);
  await expect(project.campaignClock).toHaveText('3 days to go');

  // Server-rendered pages linked by "More projects": no card twice, and the new one found.
  const reader = new CataloguePage(await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage());
  await reader.open();
  const seen = await reader.allSlugs();
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toContain(slug);
});
