import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, WatchReply } from '../lib/realtime/events';
import { liveEventKeys } from '../lib/live-events/keys';
import { expect, test } from './support/fixtures';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const watch = (socket: ClientSocket, slug: string, visitorId: string) =>
  new Promise<WatchReply>((resolve) => socket.emit('project:watch', { slug, visitorId }, resolve));

test('overlapping watches on one socket join once, and its disconnect leaves nobody behind', async ({ baseURL, request, slug }) => {
  const socket: ClientSocket = io(baseURL!, { transports: ['websocket'] });
  const replies = await Promise.all([watch(socket, slug, 'visitor-racer'), watch(socket, slug, 'visitor-racer'), watch(socket, slug, 'visitor-racer')]);
  expect(replies.every((reply) => reply.ok)).toBe(true);
  const viewing = async () => ((await (await request.get(`/api/projects/${slug}/live`)).json()) as { visitors: { count: number } }).visitors.count;
  expect(await viewing()).toBe(1);

  socket.disconnect();
  await expect.poll(viewing).toBe(0);
});

test('a watch is refused for a bad request or an unknown project, and the socket stays usable', async ({ baseURL, slug }) => {
  const socket: ClientSocket = io(baseURL!, { transports: ['websocket'] });
  expect(await watch(socket, 'Not A Slug', 'visitor-12345678')).toEqual({ ok: false, error: 'invalid' });
  expect(await watch(socket, 'no-such-project', 'visitor-12345678')).toEqual({ ok: false, error: 'not-found' });
  const reply = await watch(socket, slug, 'visitor-12345678');
  expect(reply.ok && reply.snapshot.slug).toBe(slug);
  socket.disconnect();
});

test('a malformed message on the project channel is ignored, not fatal', async ({ redis, request, page, slug }) => {
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await redis.spublish(liveEventKeys(slug).changes, 'not json');
  await redis.spublish(liveEventKeys(slug).changes, JSON.stringify({ no: 'type' }));
  expect((await request.get('/api/health')).status()).toBe(200);
  await request.post(`/api/projects/${slug}/contributions`, { data: { name: 'Still live', amount: 3 } });
  await expect(page.getByTestId('contributor-item')).toContainText('Still live');
});
