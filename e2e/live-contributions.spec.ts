import { ProjectPage } from './pages';
import { expect, postContribution, test } from './support/fixtures';

test('a contribution from one browser appears live on another', async ({ browser, slug, baseURL }) => {
  const backer = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  const watcher = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await watcher.open(slug);
  await backer.open(slug);
  await expect(watcher.contributionsCount).toHaveAttribute('data-count', '0');

  await backer.contribute('Søren 李娜', 50);

  const item = watcher.contributors.first();
  await expect(item).toContainText('Søren 李娜');
  await expect(item).toContainText('€50');
  await expect(watcher.contributionsCount).toContainText('1 contribution in the last 24 hours');
  await expect(backer.contributionsCount).toHaveAttribute('data-count', '1');
});

test('the same contribution id sent twice counts once', async ({ request, slug, page }) => {
  const first = await postContribution(request, slug, { id: 'same-id-twice', name: 'Ana', amount: 10 });
  const again = await postContribution(request, slug, { id: 'same-id-twice', name: 'Ana', amount: 10 });
  expect(first.status()).toBe(201);
  expect(again.status()).toBe(200);
  expect((await again.json()).at).toBe((await first.json()).at);
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('contributor-item')).toHaveCount(1);
});

test('a name made of HTML renders as text', async ({ request, slug, page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const name = '<img src=x onerror=alert(1)>';
  expect((await postContribution(request, slug, { name, amount: 5 })).status()).toBe(201);
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('contributor-item').first()).toContainText(name);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await postContribution(request, slug, { name: '<script>alert(2)</script>', amount: 5 });
  await expect(page.getByTestId('contributor-item').first()).toContainText('<script>alert(2)</script>');
  expect(dialogs).toBe(0);
});

test('a contribution retried after a lost answer counts once; the next one counts again', async ({ page, slug }) => {
  let answersLost = 1;
  const sentIds: string[] = [];
  await page.route(`**/api/projects/${slug}/contributions`, async (route) => {
    sentIds.push((route.request().postDataJSON() as { id: string }).id);
    const response = await route.fetch(); // the write reaches the server…
    if (answersLost-- > 0)
      return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'retry shortly' } } });
    return route.fulfill({ response });
  });
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  const form = page.getByTestId('contribute-form');
  await form.getByLabel('Your name').fill('Retrying Rita');
  await form.getByRole('button', { name: /Contribute/ }).click();
  // The API's own words are a developer's: the form says it plainly, in the page's language.
  await expect(form).toContainText('The server is busy right now');
  await expect(form).not.toContainText('retry shortly');
  await form.getByRole('button', { name: /Contribute/ }).click();
  await expect(form).toContainText('Thank you, Retrying Rita');
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '1');
  await form.getByRole('button', { name: /Contribute/ }).click();
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '2');
  expect(sentIds[0]).toBe(sentIds[1]);
  expect(sentIds[2]).not.toBe(sentIds[1]);
});
