import { randomBytes } from 'node:crypto';
import { recordContribution } from '../lib/live-events';
import { putProject } from '../lib/projects/save';
import { sampleProjectInput } from '../tests/sample-project';
import { AdminConsole, ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

test('an admin adds a tier with the form: a wrong minimum shown beside its field, then saved; removing a tier with pledges is refused plainly', async ({
  browser,
  baseURL,
  page,
  redis,
  live,
}) => {
  const slug = `e2e-admin-tiers-${randomBytes(4).toString('hex')}`;
  await putProject(
    slug,
    {
      ...sampleProjectInput(slug),
      tiers: [{ id: 'vinyl', title: 'The vinyl', description: '', minimum: 40, limit: 2 }],
      listed: true,
    },
    redis,
  );
  await recordContribution(slug, { name: 'Ada', amount: 40, tier: 'vinyl' }, live);

  const admin = new AdminConsole(page);
  await admin.open(process.env.E2E_ADMIN_TOKEN!, slug);
  const form = page.getByTestId('project-form');
  await form.getByRole('button', { name: 'Edit the selected project' }).click();
  const rows = form.getByTestId('tier-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('input[name="tier-id"]')).toHaveValue('vinyl');

  await form.getByRole('button', { name: 'Add a tier' }).click();
  const poster = rows.nth(1);
  await poster.locator('input[name="tier-id"]').fill('poster');
  await poster.locator('input[name="tier-title"]').fill('A poster');
  await poster.locator('input[name="tier-minimum"]').fill('0');
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(poster.getByTestId('tier-error')).toBeVisible();
  await expect(poster.locator('input[name="tier-minimum"]')).toHaveAttribute('aria-invalid', 'true');

  await poster.locator('input[name="tier-minimum"]').fill('15');
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(admin.message).toContainText(`(${slug})`);
  await expect(form.getByTestId('tier-error')).toHaveCount(0);
  const visitor = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await visitor.open(slug);
  await expect(visitor.page.locator('[data-testid="tier-option"][data-tier="poster"]')).toContainText('A poster');

  await rows.first().getByRole('button', { name: 'Remove' }).click();
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(form.getByTestId('tiers-error')).toContainText(
    'Tier vinyl has pledges: it cannot be removed, nor limited below them.',
  );
});
