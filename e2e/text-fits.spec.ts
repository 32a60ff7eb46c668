import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { expect, test } from './support/fixtures';

/** A title that starts with a 59-letter German compound, as a real one did. */
const COMPOUND = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft'.slice(0, 59);
const TITLE = `${COMPOUND} für alle, die nachts auf dem Wasser arbeiten und sicher heimkommen wollen`;

/** Nothing of the text is cut off: it is no wider than its box, which its ancestors do not clip either. */
async function expectWhole(text: Locator) {
  await expect(text).toBeVisible();
  const { scroll, client, right, viewport } = await text.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    right: element.getBoundingClientRect().right,
    viewport: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the text overflows its box').toBeLessThanOrEqual(client);
  expect(right, 'the box reaches past the screen').toBeLessThanOrEqual(viewport);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a title with a long compound wraps on a phone, on its page and its card, and its preview is drawn', async ({
  page,
  redis,
  request,
}, testInfo) => {
  const slug = `e2e-fits-${randomBytes(4).toString('hex')}`;
  await saveProject({ ...sampleProject(slug, 4_000), title: TITLE, endsAt: Date.now() + 120_000 }, Date.now(), redis);

  await page.goto(`/projects/${slug}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(TITLE);
  await expectWhole(title);
  await expect(title).toHaveCSS('overflow-wrap', 'break-word');
  await expect(title).toHaveCSS('hyphens', 'auto');
  await page.screenshot({ path: testInfo.outputPath('project-long-title.png') });

  await page.goto('/?order=ending');
  const card = page.getByTestId('project-card-title').filter({ hasText: COMPOUND });
  await expectWhole(card);

  const html = await (await request.get(`/projects/${slug}`, { headers: { accept: 'text/html' } })).text();
  const image = new URL(/<meta property="og:image" content="([^"]*)"/.exec(html)![1]!.replaceAll('&amp;', '&'))
    .pathname;
  const preview = await request.get(image);
  expect([preview.status(), preview.headers()['content-type']]).toEqual([200, 'image/png']);
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.goto(image);
  await page.screenshot({ path: testInfo.outputPath('preview-long-title.png') });
});

for (const locale of ['en', 'de', 'ar']) {
  test(`${locale}: the rewards' button beside the form's heading is whole on a phone, never cut to "3 Belohn…"`, async ({
    page,
    redis,
  }) => {
    const slug = `e2e-fits-${randomBytes(4).toString('hex')}`;
    const tiers = ['one', 'two', 'three'].map((id, at) => ({ id, title: id, description: '', minimum: 10 * (at + 1) }));
    await saveProject({ ...sampleProject(slug, 4_000), tiers }, Date.now(), redis);
    await page.goto(`/${locale}/projects/${slug}`);
    await expectWhole(page.getByTestId('rewards-toggle').locator('span').first());
  });
}
