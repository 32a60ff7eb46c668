import { ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

test('Share copies the link where the browser has no Web Share, and every open page counts the share', async ({
  browser,
  baseURL,
  slug,
}) => {
  const sharer = await browser.newContext({ baseURL });
  await sharer.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = new ProjectPage(await sharer.newPage());
  await page.page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  const watcher = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  await page.open(slug);
  await watcher.open(slug);
  await expect(watcher.sharesCount).toHaveAttribute('data-count', '0');

  await page.shareButton.click();

  await expect(page.shareMessage).toHaveText('Link copied');
  expect(await page.page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/projects/${slug}`);
  await expect(watcher.sharesCount).toHaveAttribute('data-count', '1');
  await expect(page.sharesCount).toHaveAttribute('data-count', '1');
});

test('Share uses the Web Share API where the browser has it; a share cancelled is not counted', async ({
  browser,
  baseURL,
  slug,
}) => {
  const page = new ProjectPage(await (await browser.newContext({ baseURL })).newPage());
  // A browser with Web Share: the first share is cancelled by the visitor, the second goes through.
  await page.page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data);
        if (shared.length === 1) throw new DOMException('cancelled', 'AbortError');
      },
    });
  });
  await page.open(slug);
  const counted: string[] = [];
  page.page.on('request', (request) => {
    if (request.url().endsWith(`/api/projects/${slug}/shares`)) counted.push(request.method());
  });

  await page.shareButton.click();
  await expect
    .poll(() => page.page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared.length))
    .toBe(1);
  const second = page.page.waitForResponse((response) => response.url().endsWith(`/api/projects/${slug}/shares`));
  await page.shareButton.click();
  expect((await second).status()).toBe(201);

  await expect(page.sharesCount).toHaveAttribute('data-count', '1');
  expect(counted).toEqual(['POST']);
  const shared = await page.page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toEqual([
    { title: `Project ${slug}`, url: `${baseURL}/projects/${slug}` },
    { title: `Project ${slug}`, url: `${baseURL}/projects/${slug}` },
  ]);
  await expect(page.shareMessage).toHaveText('');
});
