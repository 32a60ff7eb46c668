import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INSTANCE_HEADER } from '../lib/http/instance-header';
import { LOCALES } from '../lib/locales';
import { SHELLS } from '../lib/server/shared-pages';
import { expect, test } from './support/fixtures';

/**
 * Read from the build this suite runs against (the app it starts serves this `.next`): `npm test`
 * builds right before the e2e run, so this is the build being shipped, whereas a Vitest test would
 * read whatever build was left from before. One dynamic API (`connection()`, a cookie, a Redis
 * read on the server) in a shell or the layout drops it from the prerendered routes.
 */
test('the shells the page cache shares are static in the build, in every locale', () => {
  const manifest = JSON.parse(readFileSync(path.join(__dirname, '../.next/prerender-manifest.json'), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  expect(
    LOCALES.flatMap((locale) => [...SHELLS].map((route) => `/${locale}${route}`)).filter(
      (route) => !(route in manifest.routes),
    ),
  ).toEqual([]);
});

test('a static page still names the instance that served it, from Server-Timing', async ({ page }) => {
  const response = await page.goto('/ops');
  const instance = response!.headers()[INSTANCE_HEADER.toLowerCase()]!;
  expect(response!.headers()['server-timing']).toMatch(
    new RegExp(`^instance;desc="${instance}", clock;desc="\\d{13}"$`),
  );
  await expect(page.getByTestId('instance-name')).toHaveText(instance);
});
