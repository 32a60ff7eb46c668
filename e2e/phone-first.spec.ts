import { randomBytes } from 'node:crypto';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { ProjectPage } from './pages';
import { expect, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/**
 * On a phone the figures and the Back action come first: the total, the backers and the
 * contribute button (with its amounts) lie within the first screen, as on Kickstarter, and Follow
 * and Share are secondary (not filled like the button). A project with a seed's lengths of text.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme}, on a phone`, () => {
    test.use({ viewport: PHONE, colorScheme });

    test('the figures and the contribute button are on the first screen; Follow and Share are secondary', async ({
      page,
      redis,
    }, testInfo) => {
      const slug = `e2e-phone-${randomBytes(4).toString('hex')}`;
      await saveProject(
        {
          ...sampleProject(slug, 59_040),
          title: 'Harbour Lights: a solar lantern for every fishing boat',
          tagline: 'Low-cost solar lanterns that keep small fishing crews visible and safe after dark.',
          description: 'A long description. '.repeat(30),
          goal: 80_000,
        },
        Date.now(),
        redis,
      );
      const project = new ProjectPage(page);
      await project.open(slug);
      const submit = project.contributeForm.getByTestId('contribute-submit');
      const firstScreen = async (name: string, box: Awaited<ReturnType<typeof submit.boundingBox>>) => {
        expect(box, name).not.toBeNull();
        expect(box!.y, name).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, `${name} ends within the first screen`).toBeLessThanOrEqual(PHONE.height);
      };
      await firstScreen('the contribute button', await submit.boundingBox());
      await firstScreen(
        'the amounts',
        await project.contributeForm.getByTestId('contribute-amount').first().boundingBox(),
      );
      await firstScreen('the total', await page.getByRole('progressbar').boundingBox());
      await firstScreen('the backers', await project.backersCount.boundingBox());
      await page.screenshot({ path: testInfo.outputPath(`project-phone-${colorScheme}.png`) });

      const filled = await submit.evaluate((element) => getComputedStyle(element).backgroundColor);
      for (const secondary of [project.followButton, project.shareButton]) {
        await expect(secondary).toBeVisible();
        expect(await secondary.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(filled);
      }
    });
  });
}
