import { randomBytes } from 'node:crypto';
import { recordContribution } from '../lib/live-events';
import { putProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { AppProcess } from './support/app-process';
import { expect, test } from './support/fixtures';

/**
 * Links that preview, on an instance told its public origin (PUBLIC_ORIGIN) and asked by its
 * loopback address, as a proxy in front would: canonical URLs, Open Graph and Twitter metadata
 * with a drawn image, the sitemap and robots.txt all name the configured origin, never the
 * request's Host (a foreign one is a 400: tests/hostile/hosts.test.ts).
 */
const ORIGIN = 'https://crowdpulse.example';
let app: AppProcess;
test.beforeAll(async () => {
  app = await AppProcess.start({
    REDIS_URL: process.env.E2E_REDIS_URL!,
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN!,
    PUBLIC_ORIGIN: ORIGIN,
  });
});
test.afterAll(async () => app.stop());

const asked = { accept: 'text/html' };
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const meta = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
const canonical = (html: string) => attribute(html, /<link rel="canonical" href="([^"]*)"/);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('a project page previews with its title, tagline, canonical URL and a drawn image', async ({
  request,
  slug,
  live,
}) => {
  const html = await (await request.get(`${app.baseURL}/projects/${slug}`, { headers: asked })).text();
  // Asked in English (the browser's Accept-Language): the English page, its own canonical URL.
  expect(canonical(html)).toBe(`${ORIGIN}/en/projects/${slug}`);
  expect(html).toContain(`<title>Project ${slug} · crowdpulse</title>`);
  expect([
    meta(html, 'description'),
    meta(html, 'og:title'),
    meta(html, 'og:description'),
    meta(html, 'og:url'),
  ]).toEqual([
    'A project made by a test',
    `Project ${slug}`,
    'A project made by a test',
    `${ORIGIN}/en/projects/${slug}`,
  ]);
  expect([meta(html, 'twitter:card'), meta(html, 'twitter:title')]).toEqual(['summary_large_image', `Project ${slug}`]);
  const image = meta(html, 'og:image')!;
  expect(image.startsWith(`${ORIGIN}/en/projects/${slug}/opengraph-image`)).toBe(true);
  const twitterImage = meta(html, 'twitter:image')!;
  expect(twitterImage.startsWith(`${ORIGIN}/en/projects/${slug}/twitter-image`)).toBe(true);
  expect(pngSize(await (await request.get(`${app.baseURL}${new URL(twitterImage).pathname}`)).body())).toEqual([
    1200, 630,
  ]);

  // Fetched as another site's page would (an <img>): allowed, and given no visitor cookie.
  const fetchImage = () =>
    request.get(`${app.baseURL}${new URL(image).pathname}`, {
      headers: {
        accept: 'text/html,image/*',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'image',
      },
    });
  const first = await fetchImage();
  expect([first.status(), first.headers()['content-type'], first.headers()['set-cookie']]).toEqual([
    200,
    'image/png',
    undefined,
  ]);
  expect(pngSize(await first.body())).toEqual([1200, 630]);
  const again = await fetchImage();
  expect(again.headers().etag).toBe(first.headers().etag);
  // A new version of what it shows within the minute: the same image (a preview is drawn at most once a minute: tests/unit/previews.test.ts).
  await recordContribution(slug, { name: 'Ada', amount: 25 }, live);
  expect((await fetchImage()).headers().etag).toBe(first.headers().etag);
  expect(
    (await request.get(`${app.baseURL}/projects/no-such-${randomBytes(3).toString('hex')}/opengraph-image`)).status(),
  ).toBe(404);
});

test('a title with emoji still previews (the emoji left out: next/og would fetch them from a CDN)', async ({
  request,
  redis,
}) => {
  const slug = `e2e-emoji-${randomBytes(4).toString('hex')}`;
  await putProject(slug, { ...sampleProject(slug), title: 'Synth 🎹 for the sea 🌊', listed: false }, redis);
  const image = await request.get(`${app.baseURL}/projects/${slug}/opengraph-image`);
  expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
});

test('every page has a title, a description and a canonical URL', async ({ request, slug }) => {
  // The static shells are rendered at build time: they carry the build's origin (docs/configuration.md).
  const built = new Set(['/quiz', '/admin', '/ops', '/feed']);
  for (const path of [`/creators/account-${slug}`, '/admin', '/ops']) {
    const html = await (await request.get(`${app.baseURL}${path}`, { headers: asked })).text();
    expect(attribute(html, /<title>([^<]+)<\/title>/), path).toMatch(/crowdpulse/);
    expect(meta(html, 'description')?.length, path).toBeGreaterThan(20);
    if (built.has(path)) expect(canonical(html), path).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    else expect(canonical(html), path).toBe(`${ORIGIN}${path}`);
  }
  // The reader's pages, each in German: its own locale's URL as canonical, every locale's as an
  // alternate, and the unprefixed one (which negotiates) as x-default, alike on all five.
  for (const path of ['', `/projects/${slug}`, '/quiz', '/leaderboard', '/feed']) {
    const html = await (await request.get(`${app.baseURL}/de${path}`, { headers: asked })).text();
    const origin = built.has(path) ? /^https?:\/\/[^/]+/.exec(canonical(html) ?? '')?.[0] : ORIGIN;
    expect(attribute(html, /<title>([^<]+)<\/title>/), path).toMatch(/crowdpulse/);
    expect(meta(html, 'description')?.length, path).toBeGreaterThan(20);
    expect(canonical(html), path).toBe(`${origin}/de${path}`);
    const alternates = Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]*)"/gi)].map(([, lang, href]) => [
        lang,
        href,
      ]),
    );
    expect(alternates, path).toEqual({
      en: `${origin}/en${path}`,
      de: `${origin}/de${path}`,
      ar: `${origin}/ar${path}`,
      // Next prints the root URL without its slash.
      'x-default': `${origin}${path}`,
    });
  }
});

test('the sitemap lists listed projects, not unlisted ones; robots.txt points to it', async ({
  request,
  redis,
  slug,
}) => {
  const unlisted = `e2e-unlisted-${randomBytes(4).toString('hex')}`;
  await putProject(unlisted, { ...sampleProject(unlisted), listed: false }, redis);
  const sitemap = await request.get(`${app.baseURL}/sitemap.xml`, { headers: asked });
  const xml = await sitemap.text();
  expect(sitemap.headers()['set-cookie']).toBeUndefined();
  // Each locale's URL, never the unprefixed one (a 307), naming the others as the page's hreflang does.
  expect(xml).not.toContain(`<loc>${ORIGIN}/projects/${slug}</loc>`);
  for (const locale of ['en', 'de', 'ar']) expect(xml).toContain(`<loc>${ORIGIN}/${locale}/projects/${slug}</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/projects/${slug}" />`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/projects/${slug}" />`);
  expect(xml).not.toContain(unlisted);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  expect(locs.length % 3).toBe(0);
  expect(locs.filter((path) => !/^\/(?:en|de|ar)(?:\/|$)/.test(path))).toEqual([]);
  // The site's own pages and this test's project answer, not redirect (other tests' projects come and go meanwhile).
  const ours = locs.filter(
    (path) => /^\/(?:en|de|ar)(?:\/leaderboard|\/quiz)?$/.test(path) || path.endsWith(`/${slug}`),
  );
  expect(ours).toHaveLength(12);
  for (const path of ours) {
    const answer = await request.get(`${app.baseURL}${path}`, { headers: asked, maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
  }
  // Unlisted still means reachable by its link, but not indexed; a listed one is.
  const page = await request.get(`${app.baseURL}/projects/${unlisted}`, { headers: asked });
  expect(page.status()).toBe(200);
  expect(meta(await page.text(), 'robots')).toBe('noindex');
  expect(
    meta(await (await request.get(`${app.baseURL}/projects/${slug}`, { headers: asked })).text(), 'robots'),
  ).toBeUndefined();

  const robots = await request.get(`${app.baseURL}/robots.txt`, { headers: asked });
  expect(robots.headers()['set-cookie']).toBeUndefined();
  const rules = await robots.text();
  expect(rules).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  // Each locale's copy of a private page is kept out, not only the unprefixed path that redirects to it.
  for (const page of ['/de/admin', '/ar/feed', '/en/ops']) expect(rules).toContain(`Disallow: ${page}\n`);
});
