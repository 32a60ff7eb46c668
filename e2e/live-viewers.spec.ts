import { expect, test } from './support/fixtures';

test('two people see each other as viewers, and the count drops when one leaves', async ({
  browser,
  slug,
  baseURL,
}) => {
  const alice = await browser.newContext({ baseURL });
  const bob = await browser.newContext({ baseURL });
  const alicePage = await alice.newPage();
  await alicePage.goto(`/projects/${slug}`);
  await expect(alicePage.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');

  const bobPage = await bob.newPage();
  await bobPage.goto(`/projects/${slug}`);
  await expect(bobPage.getByTestId('visitors-count')).toHaveAttribute('data-count', '2');
  await expect(alicePage.getByTestId('visitors-count')).toHaveAttribute('data-count', '2');
  await expect(alicePage.getByTestId('visitors-count')).toContainText('2 people viewing now');

  await bob.close();
  await expect(alicePage.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');
  await alice.close();
});

test('one person with three tabs counts once, until the last tab closes', async ({
  browser,
  slug,
  baseURL,
  request,
}) => {
  const person = await browser.newContext({ baseURL });
  const tabs = await Promise.all([person.newPage(), person.newPage(), person.newPage()]);
  for (const tab of tabs) await tab.goto(`/projects/${slug}`);
  for (const tab of tabs) await expect(tab.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await expect(tabs[0]!.getByTestId('visitors-count')).toHaveAttribute('data-count', '1');

  await tabs[2]!.close();
  await tabs[1]!.close();
  const visitors = async () =>
    ((await (await request.get(`/api/projects/${slug}/live`)).json()) as { visitors: { count: number } }).visitors
      .count;
  await expect.poll(visitors).toBe(1);

  await tabs[0]!.close();
  await expect.poll(visitors).toBe(0);
  await person.close();
});
