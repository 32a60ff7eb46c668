import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCreatorTotals } from '../../lib/creators/totals';
import { metricFolder } from '../../lib/folding/metric-events';
import type { LiveChange } from '../../lib/live-events/types';
import { creatorRoom } from '../../lib/realtime/events';
import { saveProject } from '../../lib/projects/save';
import { createProject, uniqueSlug } from '../support';
import { sampleProject } from '../sample-project';
import { startInProcessApp, type ClientSocket, type InProcessApp } from '../hostile/in-process-app';

/**
 * docs/architecture.md's promises about what an instance pushes to its sockets: viewer counts
 * coalesced to one per project per 250 ms, /ops counters at most every 250 ms, one creator
 * watched per socket.
 * The app's real HTTP + Socket.IO server in this process, on this run's Redis.
 */
let app: InProcessApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1'; // page loads from addresses of their own: no new-id limit
  app = await startInProcessApp();
});
afterAll(async () => app.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function viewer(): Promise<ClientSocket> {
  return app.open({ headers: { cookie: (await app.pageCookie())! } });
}

describe('pushes to open pages', () => {
  it('a crowd arriving at once costs a page a few viewer-count pushes, at most one per 250 ms, ending on the true count', async () => {
    const slug = await createProject(app.redis);
    const page = await viewer();
    const pushes: { count: number }[] = [];
    page.on('live:change', (change: LiveChange) => {
      if (change.type === 'visitors-changed') pushes.push({ count: change.count });
    });
    expect(await page.timeout(5_000).emitWithAck('project:watch', { slug })).toMatchObject({ ok: true });
    await expect.poll(() => pushes.at(-1)?.count).toBe(1);
    pushes.length = 0;

    const crowd = await Promise.all(Array.from({ length: 12 }, viewer));
    const joining = performance.now();
    await Promise.all(crowd.map((socket) => socket.timeout(5_000).emitWithAck('project:watch', { slug })));
    const joined = performance.now();
    await expect.poll(() => pushes.at(-1)?.count).toBe(13);
    await sleep(400);
    // Coalesced: one per 250 ms while they arrive, and the last. Bounded by the time they took to
    // arrive as measured here, which a busy machine only lengthens (the instance's timer never fires early).
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil((joined - joining) / 250) + 2);
    [page, ...crowd].forEach((socket) => socket.close());
  });

  it('/ops gets the folding counters at most every 250 ms while events pour in', async () => {
    const ops = await app.open();
    const pushes: number[] = [];
    ops.on('ops:state', () => pushes.push(performance.now()));
    expect(await ops.timeout(5_000).emitWithAck('ops:watch')).toMatchObject({ ok: true });
    const folder = metricFolder(app.redis);
    const account = `pushes_${uniqueSlug()}`;
    const started = performance.now();
    let events = 0;
    while (performance.now() < started + 1_500)
      await folder.fold(
        { id: `e${events}`, account_id: `${account}_${events++ % 20}`, metrics: { likes: events } },
        Date.now(),
      );
    await sleep(300);
    const elapsed = performance.now() - started;
    expect(events).toBeGreaterThan(20);
    expect(pushes.length).toBeGreaterThanOrEqual(1);
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    ops.close();
  });

  it('a socket watches one creator at a time: a new watch leaves the previous room', async () => {
    const accounts = [`creator_${uniqueSlug()}`, `creator_${uniqueSlug()}`];
    for (const account of accounts) {
      // A creator watch is for an account with a project (an unknown one is refused first).
      await saveProject({ ...sampleProject(uniqueSlug()), creatorAccount: account }, 0, app.redis);
      await saveCreatorTotals(app.redis, {
        account,
        creator: account,
        projects: [],
        raisedByCurrency: [],
        contributions: 0,
        computedAt: Date.now(),
        foldKey: null,
      });
    }
    const socket = await app.open();
    const rooms = () =>
      [...app.server.io.of('/').adapter.rooms.keys()].filter((room) =>
        accounts.some((account) => room === creatorRoom(account)),
      );
    expect(await socket.timeout(5_000).emitWithAck('creator:watch', { account: accounts[0]! })).toMatchObject({
      ok: true,
    });
    expect(rooms()).toEqual([creatorRoom(accounts[0]!)]);
    expect(await socket.timeout(5_000).emitWithAck('creator:watch', { account: accounts[1]! })).toMatchObject({
      ok: true,
    });
    expect(rooms()).toEqual([creatorRoom(accounts[1]!)]);
    socket.close();
  });
});
