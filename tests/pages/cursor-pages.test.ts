import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCataloguePage } from '../../lib/projects/catalogue';
import { createProject } from '../support';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';

/**
 * docs/architecture.md, the page cache: a catalogue cursor naming no listed project renders
 * nothing new (the first page is served from the cache), while a real cursor's page is rendered
 * and kept as before. The app's server in this process, a page being a stub.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(async () => app.close());

const view = async (path: string) => {
  const response = await fetch(app.url + path, { headers: { accept: 'text/html' } });
  await response.text();
  return response.status;
};

describe('catalogue cursors', () => {
  it("a made-up cursor, a new one each view, costs no render; a listed project's cursor is rendered", async () => {
    await createProject(app.redis);
    await createProject(app.redis);
    expect(await view('/')).toBe(200);
    // Until a view of the first page costs no render: other files' new projects re-render it meanwhile.
    await expect
      .poll(async () => {
        const before = app.server.renders();
        await view('/');
        return app.server.renders() - before;
      })
      .toBe(0);
    const before = app.server.renders();
    for (let i = 0; i < 20; i++) expect(await view(`/?after=${1_000_000 + i}.no-such-project-${i}`)).toBe(200);
    // Each made-up cursor was a render of its own before; another file's new project may still re-render the first page.
    expect(app.server.renders() - before).toBeLessThan(20);

    const { next } = await readCataloguePage({ limit: 1 }, app.redis);
    expect(next).not.toBeNull();
    const rendered = app.server.renders();
    expect(await view(`/?after=${next}`)).toBe(200);
    expect(app.server.renders()).toBeGreaterThan(rendered);
  });

  it('a cursor spelt with leading zeros (`/?after=007.x`) is the same cache entry as `/?after=7.x`: no render of its own', async () => {
    await createProject(app.redis);
    await createProject(app.redis);
    const { next } = await readCataloguePage({ limit: 1 }, app.redis);
    const [position, slug] = [next!.slice(0, next!.indexOf('.')), next!.slice(next!.indexOf('.') + 1)];
    // Until a view of the canonical cursor's page costs no render (another project's write re-renders it meanwhile).
    await expect
      .poll(async () => {
        const before = app.server.renders();
        await view(`/?after=${position}.${slug}`);
        return app.server.renders() - before;
      })
      .toBe(0);
    const before = app.server.renders();
    for (const zeros of ['0', '00', '0000000']) expect(await view(`/?after=${zeros}${position}.${slug}`)).toBe(200);
    expect(app.server.renders() - before).toBe(0);
  });
});
