import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { projectKeys } from '../lib/projects/keys';
import { watchViolations } from './support/csp';
import { expect, postContribution, test } from './support/fixtures';

/**
 * Round three, findings 1 and 2, in a real Chromium: what the browser enforces from the site's
 * headers (its CSP, frame-ancestors) and what another site's page can make it send. "Another
 * site" is a page this test serves on loopback as http://localhost:<port> (the app is
 * http://127.0.0.1:<port>: another site), not one Playwright makes up: Chromium's local network
 * access checks stop a page of no known address from reaching loopback at all, and a refusal by
 * the browser would prove nothing about the app.
 */
let evilHtml = '';
let evil: Server;
let EVIL: string;
test.beforeAll(async () => {
  evil = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(evilHtml));
  await new Promise<void>((resolve) => evil.listen(0, '::', resolve));
  EVIL = `http://localhost:${(evil.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())));

/** React has hydrated the page: its elements carry their fibers (a page whose scripts were refused never does). */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.querySelector('header nav a') ?? {}).some((key) => key.startsWith('__reactFiber')),
  );

/** Opens `html` as another site's page. */
async function openEvilPage(page: Page, html: string): Promise<void> {
  evilHtml = html;
  await page.goto(`${EVIL}/`);
}

const PAGES: { path: (slug: string) => string; live: boolean }[] = [
  { path: () => '/', live: false },
  { path: () => '/quiz', live: false },
  { path: () => '/admin', live: false },
  { path: (slug) => `/projects/${slug}`, live: true },
  { path: () => '/leaderboard', live: true },
  { path: () => '/ops', live: true },
  { path: () => '/feed', live: true },
];

for (const { path, live } of PAGES) {
  test(`${path(':slug')} loads, hydrates${live ? ' and goes live' : ''} under its policy, with no CSP violation`, async ({
    page,
    slug,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(path(slug));
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    await hydrated(page);
    if (live) await expect(page.getByTestId('connection-status').first()).toHaveAttribute('data-state', 'live');
    expect(violations).toEqual([]);
  });
}

test('a client-side navigation loads the next page under the same policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/quiz');
  await hydrated(page);
  await page.getByRole('link', { name: 'Leaderboard' }).first().click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByTestId('connection-status').first()).toHaveAttribute('data-state', 'live');
  expect(violations).toEqual([]);
});

test('a page framed by another site is blocked', async ({ page, slug, baseURL }) => {
  await openEvilPage(page, `<iframe id="victim" src="${baseURL}/projects/${slug}"></iframe>`);
  // Chromium shows its own error page in place of a frame it refused to display.
  await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
  await expect(page.frameLocator('#victim').getByTestId('connection-status')).toHaveCount(0);
});

test('an inline script injected where a name is shown does not run; the page still works', async ({
  page,
  request,
  slug,
}) => {
  const name = 'Injected Ivy';
  expect((await postContribution(request, slug, { name, amount: 5 })).status()).toBe(201);
  const payload = '<script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true">';
  // As if the server had failed to escape the name: the HTML is changed on its way, its headers kept.
  let keepPolicy = true;
  await page.route(`**/projects/${slug}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(`>${name}<`, `>${name}${payload}<`);
    const headers = response.headers();
    if (!keepPolicy) delete headers['content-security-policy'];
    await route.fulfill({ response, body, headers });
  });
  const violations = await watchViolations(page);
  await page.goto(`/projects/${slug}`);
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // Next's own inline scripts, allowed by hash, still ran: React took the page over. (Its socket
  // cannot connect: Chromium gives a page fulfilled by the test no loopback access.)
  await hydrated(page);

  // The control: the same injected page without its policy runs the script.
  keepPolicy = false;
  await page.goto(`/projects/${slug}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBe(true);
});

test('another site’s page cannot write through the visitor’s browser, nor replace their visitor id', async ({
  browser,
  redis,
  slug,
  baseURL,
}) => {
  // A context of its own: the answers to a no-cors fetch are opaque, which the contract watch cannot read.
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/projects/${slug}`);
  const visitor = (await page.context().cookies()).find((cookie) => cookie.name === 'cp_vid')!.value;
  const raisedBefore = await redis.hget(projectKeys.info(slug), 'raised');
  const body = JSON.stringify({ name: 'Mallory', amount: 1000 });
  const attempts = ['/api/projects/' + slug + '/contributions', '/api/quiz/sessions', '/api/follows'];
  await openEvilPage(
    page,
    `<form id="f" method="POST" enctype="text/plain" action="${baseURL}${attempts[0]}"><input name='${body.slice(0, -1)},"x":"' value='"}'></form>`,
  );
  const answers = await page.evaluate(
    async ({ base, paths, body }) =>
      Promise.all(
        paths.map((path) =>
          fetch(base + path, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            headers: { 'content-type': 'text/plain' },
            body,
          }).then(
            (response) => response.type,
            (error: Error) => error.message,
          ),
        ),
      ),
    { base: baseURL!, paths: attempts, body },
  );
  expect(answers).toEqual(['opaque', 'opaque', 'opaque']);
  const submitted = page.waitForResponse((response) => response.url().endsWith(attempts[0]!));
  await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
  expect((await submitted).status()).toBe(403);
  expect(await redis.hget(projectKeys.info(slug), 'raised')).toBe(raisedBefore);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'cp_vid')!.value).toBe(visitor);
});

test('another site’s page cannot open the site’s socket; the site’s own page can', async ({ page, baseURL }) => {
  const socketUrl = `${baseURL!.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const open = () =>
    page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url);
          socket.onopen = () => (socket.close(), resolve('open'));
          socket.onerror = () => resolve('refused');
        }),
      socketUrl,
    );
  await openEvilPage(page, '<p>elsewhere</p>');
  expect(await open()).toBe('refused');
  await page.goto('/quiz');
  expect(await open()).toBe('open');
});

test('the admin token stays in the admin page’s memory: in no storage, forgotten on reload', async ({ page }) => {
  await page.goto('/admin');
  await hydrated(page);
  const token = process.env.E2E_ADMIN_TOKEN!;
  await page.getByLabel(/Admin token/).fill(token);
  const stored = await page.evaluate(() =>
    [...Object.values(sessionStorage), ...Object.values(localStorage), document.cookie].join('\n'),
  );
  expect(stored).not.toContain(token);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel(/Admin token/)).toHaveValue('');
});

test('a page answers 405 to any method but GET and HEAD, and is not rendered', async ({ request, slug }) => {
  for (const method of ['POST', 'PUT', 'DELETE']) {
    const response = await request.fetch(`/projects/${slug}`, { method, headers: { accept: 'text/html' } });
    expect([response.status(), response.headers()['allow']]).toEqual([405, 'GET, HEAD']);
    expect(await response.text()).not.toContain(slug);
  }
  expect((await request.head(`/projects/${slug}`)).status()).toBe(200);
});
