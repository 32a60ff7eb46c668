import Redis from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readCreatorView } from '../../lib/ops/ops-snapshot';
import { saveProject } from '../../lib/projects/save';
import { startInProcessApp, type ClientSocket, type InProcessApp } from '../hostile/in-process-app';
import { sampleProject } from '../sample-project';
import { uniqueSlug } from '../support';

/**
 * Anyone can watch any slug or account. An unknown one must cost one EXISTS: no SSUBSCRIBE, no
 * snapshot script, and no read of the catalogue (today's code read every project for an account).
 * Every command any ioredis connection of this process sends is recorded (the app's, its
 * subscriber's, on a cluster each node's), so nothing hides on another connection.
 */
let app: InProcessApp;
beforeAll(async () => void (app = await startInProcessApp()));
afterAll(async () => app.close());

/** The commands naming `name` (a key, channel or argument containing it) sent while `operation` ran. */
async function commandsNaming(name: string, operation: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(Redis.prototype, 'sendCommand');
  try {
    await operation();
    return spy.mock.calls
      .filter(([command]) => command.args.some((arg) => String(arg).includes(name)))
      .map(([command]) => command.name);
  } finally {
    spy.mockRestore();
  }
}

/** Sends one watch on a fresh socket; its reply and the commands naming `name` sent meanwhile. */
async function watchOnce(
  name: string,
  send: (socket: ClientSocket) => Promise<unknown>,
): Promise<{ reply: unknown; sent: string[] }> {
  const socket = await app.open();
  try {
    let reply: unknown;
    const sent = await commandsNaming(name, async () => (reply = await send(socket)));
    return { reply, sent };
  } finally {
    socket.close();
  }
}

it('a project:watch of an unknown slug is refused with one EXISTS: no subscription, no snapshot read', async () => {
  const slug = uniqueSlug();
  const { reply, sent } = await watchOnce(slug, (socket) =>
    socket.timeout(5_000).emitWithAck('project:watch', { slug }),
  );
  expect(reply).toEqual({ ok: false, error: 'not-found' });
  // (on a cluster, a command redirected to its slot's node is seen twice)
  expect([...new Set(sent)]).toEqual(['exists']);
});

it('a project:watch of a known slug still goes on to read its snapshot (so the spy sees what a watch sends)', async () => {
  const { project } = await saveProject(sampleProject(uniqueSlug(), 10), 0, app.redis);
  const { sent } = await watchOnce(project.slug, (socket) =>
    socket.timeout(5_000).emitWithAck('project:watch', { slug: project.slug }),
  );
  expect(sent[0]).toBe('exists');
  expect(sent.filter((name) => /^eval/.test(name)).length).toBeGreaterThan(0);
});

it('a creator:watch of an unknown account is refused with one EXISTS, reading no project', async () => {
  const account = `nobody-${uniqueSlug()}`;
  const { reply, sent } = await watchOnce(account, (socket) =>
    socket.timeout(5_000).emitWithAck('creator:watch', { account }),
  );
  expect(reply).toEqual({ ok: false, error: 'not-found' });
  expect([...new Set(sent)]).toEqual(['exists']);
});

it("/creators/<unknown> reads the account's totals and its project index: two commands, whatever the catalogue", async () => {
  const account = `nobody-${uniqueSlug()}`;
  let view: unknown;
  const spy = vi.spyOn(Redis.prototype, 'sendCommand');
  try {
    view = await readCreatorView(account, app.redis);
    expect(spy.mock.calls.map(([command]) => command.name).toSorted()).toEqual(['hget', 'smembers']);
  } finally {
    spy.mockRestore();
  }
  expect(view).toBeNull();
});
