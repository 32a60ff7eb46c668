import { COMPILE_HINT, rootScripts } from '../scripts/compile-hints';
import { expect, test } from './support/fixtures';

/** The scripts a page's HTML makes the browser load and run before it is interactive (`noModule` ones are for old browsers only). */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)]
    .filter(([tag]) => !/\bnoModule\b/i.test(tag))
    .map(([, src]) => src!);

/**
 * The Socket.IO client (about 40 KB of script) is imported once the page has hydrated
 * (components/live/socket-client.ts), so a phone neither downloads nor compiles it before the page
 * is interactive; the page then goes live as before.
 */
test('live pages load the Socket.IO client after hydration, not with their scripts', async ({
  page,
  request,
  slug,
}) => {
  for (const path of ['/', `/projects/${slug}`, '/leaderboard', '/ops']) {
    const scripts = scriptsOf(await (await request.get(path)).text());
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const src of scripts)
      expect(await (await request.get(src)).text(), `${path}: ${src}`).not.toContain('engine.io');
  }

  const loaded: string[] = [];
  page.on('request', (sent) => sent.resourceType() === 'script' && loaded.push(sent.url()));
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  const imported = await Promise.all(loaded.map(async (url) => (await request.get(url)).text()));
  expect(imported.some((script) => script.includes('engine.io'))).toBe(true);
});

/**
 * The scripts every page boots with (React, Next's router, the bundler's runtime) open with V8's
 * compile hint (scripts/compile-hints.ts, run by `npm run build`), so Chromium compiles them on a
 * background thread as they download instead of on the main thread as the page hydrates.
 */
test('the scripts every page boots with carry the compile hint', async ({ request, slug }) => {
  const framework = rootScripts().map((script) => `/_next/${script}`);
  expect(framework.length).toBeGreaterThanOrEqual(3);
  for (const path of ['/', `/projects/${slug}`, '/quiz', '/leaderboard']) {
    expect(scriptsOf(await (await request.get(path)).text()), path).toEqual(expect.arrayContaining(framework));
  }
  for (const src of framework) expect((await (await request.get(src)).text()).startsWith(COMPILE_HINT), src).toBe(true);
});

/**
 * The message catalogues are compiled when the app is built (next-intl's `precompile`,
 * next.config.js): no script a page loads carries an ICU message parser, and none parses a
 * message while the page hydrates. `EXPECT_ARGUMENT_CLOSING_BRACE` is one of that parser's errors.
 */
test('no script a page loads parses ICU messages', async ({ page, request, slug }) => {
  const loaded: string[] = [];
  page.on('request', (sent) => sent.resourceType() === 'script' && loaded.push(sent.url()));
  for (const path of ['/', `/projects/${slug}`, '/quiz', '/leaderboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  expect(loaded.length).toBeGreaterThan(0);
  for (const url of new Set(loaded))
    expect(await (await request.get(url)).text(), url).not.toContain('EXPECT_ARGUMENT_CLOSING_BRACE');
});
