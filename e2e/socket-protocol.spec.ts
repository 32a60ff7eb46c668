import type { WatchReply } from '../lib/realtime/events';
import { liveEventKeys } from '../lib/live-events/keys';
import { expect, test } from './support/fixtures';
import { rawSocket, visitorCookie, type ClientSocket } from './support/visitor';

const watch = (socket: ClientSocket, slug: string) =>
  new Promise<WatchReply>((resolve) => socket.emit('project:watch', { slug }, resolve));

test('overlapping watches on one socket join once, and its disconnect leaves nobody behind', async ({
  baseURL,
  redis,
  request,
  slug,
}) => {
  // The instance is subscribed to the project's channel only while one of its sockets watches it.
  const subscribers = async () =>
    Number(((await redis.pubsub('SHARDNUMSUB', liveEventKeys(slug).changes)) as [string, number])[1]);
  expect(await subscribers()).toBe(0);
  const socket = rawSocket(baseURL!, { cookie: await visitorCookie(baseURL!) });
  const replies = await Promise.all([watch(socket, slug), watch(socket, slug), watch(socket, slug)]);
  expect(replies.every((reply) => reply.ok)).toBe(true);
  const viewing = async () =>
    ((await (await request.get(`/api/projects/${slug}/live`)).json()) as { visitors: { count: number } }).visitors
      .count;
  expect(await viewing()).toBe(1);
  expect(await subscribers()).toBe(1);

  socket.disconnect();
  await expect.poll(viewing).toBe(0);
  await expect.poll(subscribers).toBe(0);
});

test('a watch is refused for a bad request or an unknown project, and the socket stays usable', async ({
  baseURL,
  slug,
}) => {
  const socket = rawSocket(baseURL!);
  expect(await watch(socket, 'Not A Slug')).toEqual({ ok: false, error: 'invalid' });
  expect(await watch(socket, 'no-such-project')).toEqual({ ok: false, error: 'not-found' });
  const reply = await watch(socket, slug);
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

test('a page connects with WebSocket first, so it needs no sticky session (no long-polling request)', async ({
  page,
  slug,
}) => {
  const sockets: string[] = [];
  const polls: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.url().includes('transport=polling')) polls.push(request.url());
  });
  await page.goto(`/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  expect(sockets.filter((url) => url.includes('/socket.io/') && url.includes('transport=websocket'))).toHaveLength(1);
  expect(polls).toEqual([]);
});
