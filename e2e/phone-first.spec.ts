import { randomBytes } from 'node:crypto';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { ProjectPage } from './pages';
import { seriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** Three rewards with a seed's lengths of text, one of them limited (the demo's Orbit Garden has three). */
const TIERS = [
  { id: 'lantern', title: 'One lantern for a boat', description: 'Your name engraved on its frame', minimum: 35 },
  { id: 'crew', title: 'A crew of four lanterns', description: 'Four lanterns, shipped to one harbour', minimum: 120 },
  { id: 'founder', title: "Founders' edition", description: 'Brass, numbered, signed', minimum: 250, limit: 20 },
];

/**
 * On a phone the figures and the Back action come first: the total, the backers and the
 * contribute button (with its amounts) lie within the first screen, as on Kickstarter, and Follow
 * and Share are secondary (not filled like the button). A project with a seed's lengths of text,
 * without rewards and with three: those fold behind one button beside the form's heading.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme}, on a phone`, () => {
    test.use({ viewport: PHONE, colorScheme });

    for (const tiers of [[], TIERS]) {
      test(`${tiers.length} rewards: the figures and the contribute button are on the first screen; Follow and Share are secondary`, async ({
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
            tiers,
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
        await page.screenshot({ path: testInfo.outputPath(`project-phone-${tiers.length}-${colorScheme}.png`) });

        const filled = await submit.evaluate((element) => getComputedStyle(element).backgroundColor);
        for (const secondary of [project.followButton, project.shareButton]) {
          await expect(secondary).toBeVisible();
          expect(await secondary.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(filled);
        }
      });
    }

    test('the rewards open from their button; choosing the limited one fills the form, holds a place, and the button names it', async ({
      page,
      redis,
    }) => {
      const slug = `e2e-phone-${randomBytes(4).toString('hex')}`;
      await saveProject({ ...sampleProject(slug, 59_040), tiers: TIERS }, Date.now(), redis);
      const project = new ProjectPage(page);
      await project.open(slug);
      const toggle = page.getByRole('button', { name: '3 rewards' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('radio', { name: /Founders' edition/ })).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('radio', { name: /Founders' edition/ }).check();
      await expect(project.contributeForm.getByTestId('contribute-submit')).toHaveText('Contribute €250');
      await expect(page.getByTestId('hold-countdown')).toBeVisible();
      const chosen = page.getByRole('button', { name: /Founders' edition · 19 left · 1 being claimed/ });
      await expect(chosen).toBeVisible();

      expect(await seriousAxeViolations(page), 'the rewards open: serious or critical axe violations').toEqual([]);

      await chosen.click();
      await expect(page.getByRole('radio', { name: /Founders' edition/ })).toBeHidden();
      await expect(page.getByTestId('hold-countdown')).toBeVisible();
      expect(await seriousAxeViolations(page), 'the rewards folded: serious or critical axe violations').toEqual([]);
    });
  });
}
