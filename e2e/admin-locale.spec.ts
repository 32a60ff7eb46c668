import { expect, test } from './support/fixtures';

test('the console says a refusal in the page’s language, beside its field, marked and focused', async ({
  page,
  slug,
}) => {
  await page.goto(`/de/admin?project=${slug}`);
  await page.getByTestId('admin-token').fill(process.env.E2E_ADMIN_TOKEN!);
  await expect(page.getByTestId('admin-project')).toHaveValue(slug);
  const form = page.getByTestId('project-form');
  await form.getByRole('button', { name: 'Gewähltes Projekt bearbeiten' }).click();
  const goal = form.locator('input[name="goal"]');
  await goal.fill('0');
  await form.getByRole('button', { name: 'Projekt speichern' }).click();

  await expect(goal).toHaveAttribute('aria-invalid', 'true');
  await expect(goal).toBeFocused();
  const described = await goal.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${described}"]`)).toHaveText('Mindestens 1.');
  await expect(page.getByTestId('admin-message')).toHaveText(
    'Nichts gespeichert: bitte die markierten Felder korrigieren.',
  );
});

test('the ops dashboard speaks the page’s language, its durations in the locale’s numbers', async ({ page }) => {
  await page.goto('/de/ops');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ereignisbündelung');
  // The e2e stack folds over a 1 s window (e2e/support/global-setup.ts).
  await expect(page.getByTestId('folding-window')).toHaveText('1,0 s');
});

test('a visitor’s page carries none of the operators’ words; the operators’ pages carry theirs', async ({
  request,
}) => {
  const home = await (await request.get('/en')).text();
  expect(home).not.toContain('tokenHint');
  expect(home).not.toContain('burstIdle');
  expect(await (await request.get('/en/admin')).text()).toContain('tokenHint');
  expect(await (await request.get('/en/ops')).text()).toContain('burstIdle');
});
