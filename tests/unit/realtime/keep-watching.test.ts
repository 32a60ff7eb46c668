import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, expect, it, vi } from 'vitest';
import { keepWatching, type ConnectionState, type WatchTiming } from '../../../components/live/keep-watching';
import type { LiveClientSocket } from '../../../components/live/socket-client';
import type { RealtimeServer, RealtimeSocket } from '../../../lib/realtime/events';

/**
 * A page's watch loop (the browser's code) against a real Socket.IO server that plays the app:
 * it says "Redis down" while a watch is on its way, as the hub does when a subscription fails.
 */
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/**
 * The waits the watch loop asks for (its `setTimeout(watch, ms)` calls): what it decided, which
 * no load on the machine moves. Measured gaps only ever come out longer than these.
 */
function scheduledWatches(): () => number[] {
  const spy = vi.spyOn(globalThis, 'setTimeout');
  return () =>
    spy.mock.calls.filter(([run]) => typeof run === 'function' && run.name === 'watch').map(([, ms]) => Number(ms));
}

/** Small waits, so the tests run quickly; the pages' own are WATCH_TIMING. */
const FAST: WatchTiming = { firstMs: 100, maxMs: 1_600, rewatchJitterMs: 50, resyncJitterMs: 50 };

async function watchedPage({
  pages = 1,
  timing = FAST,
  answer,
}: { pages?: number; timing?: WatchTiming; answer?: 'unavailable' } = {}) {
  const http = createServer();
  const server: RealtimeServer = new Server(http);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const asks: Array<(state: number) => void> = [];
  const askedAt: number[] = [];
  const sockets: RealtimeSocket[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.emit('server:status', { redis: 'up' });
    socket.on('project:watch', (_request, ack) => {
      askedAt.push(performance.now());
      if (answer === 'unavailable') return ack({ ok: false, error: 'unavailable' });
      asks.push((state) => ack({ ok: true, snapshot: { version: state } } as never));
    });
  });

  const connection: ConnectionState[] = [];
  const states: number[] = [];
  for (let page = 0; page < pages; page++) {
    const socket: LiveClientSocket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      forceNew: true,
    });
    const watching = keepWatching<number, never>(socket, {
      ask: (timeout, answer) =>
        socket
          .timeout(timeout)
          .emit('project:watch', { slug: 'p' }, (error, reply) =>
            answer(error || !reply.ok ? null : (reply.snapshot.version as number)),
          ),
      take: (state) => void states.push(state),
      onConnection: (state) => connection.push(state),
      timing,
    });
    cleanups.push(() => watching.stop());
  }
  await expect.poll(() => askedAt.length).toBe(pages);
  const status = (redis: 'up' | 'down') => sockets.forEach((each) => each.emit('server:status', { redis }));
  return { asks, askedAt, connection, states, status };
}

it('an answer that comes after the server said Redis is down is not shown live; the "up" that follows asks again, then it is', async () => {
  const page = await watchedPage();
  page.status('down');
  await expect.poll(() => page.connection).toEqual(['reconnecting']);
  page.asks[0]!(1);
  await expect.poll(() => page.states).toEqual([1]);
  expect(page.connection).toEqual(['reconnecting', 'reconnecting']);

  page.status('up');
  await expect.poll(() => page.asks.length).toBe(2);
  page.asks[1]!(2);
  await expect.poll(() => page.connection.at(-1)).toBe('live');
  expect(page.states).toEqual([1, 2]);
});

it('an "up" that comes while an answer is on its way asks once more after it (that answer may predate the subscription)', async () => {
  const page = await watchedPage();
  page.status('down');
  page.status('up');
  await expect.poll(() => page.connection).toEqual(['reconnecting']);
  page.asks[0]!(1);
  await expect.poll(() => page.asks.length).toBe(2);
  page.asks[1]!(2);
  await expect.poll(() => page.states).toEqual([1, 2]);
  expect(page.connection.at(-1)).toBe('live');
});

it('the "up" the server sends on connect, while the first answer is on its way, costs no second read', async () => {
  const scheduled = scheduledWatches();
  const page = await watchedPage();
  page.asks[0]!(1);
  await expect.poll(() => page.connection).toEqual(['live']);
  // The server sent "up" before it answered, so the page has heard both: a second read could only
  // come from an ask it scheduled, and it scheduled none.
  expect(scheduled()).toEqual([]);
  expect(page.asks).toHaveLength(1);
});

it('an ask that fails is retried with exponential backoff and jitter, not at a fixed interval', async () => {
  const scheduled = scheduledWatches();
  const page = await watchedPage({ answer: 'unavailable' });
  await expect.poll(() => page.askedAt.length).toBeGreaterThanOrEqual(5);
  // Waits drawn from [50, 100], [100, 200], [200, 400], [400, 800] ms.
  const waits = scheduled().slice(0, 4);
  waits.forEach((wait, i) => {
    expect(wait).toBeGreaterThanOrEqual(50 * 2 ** i);
    expect(wait).toBeLessThanOrEqual(100 * 2 ** i);
  });
  // Timers fire late on a busy machine, never early (a millisecond of rounding aside).
  const gaps = page.askedAt.slice(1, 5).map((at, index) => at - page.askedAt[index]!);
  gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(waits[i]! - 1));
});

it('pages told "up" together ask again spread over the jitter window, not all at once', async () => {
  const page = await watchedPage({ pages: 12, timing: { ...FAST, rewatchJitterMs: 1_000 } });
  page.asks.splice(0).forEach((answer) => answer(1));
  await expect.poll(() => page.states.length).toBe(12);
  const before = page.askedAt.length;
  const scheduled = scheduledWatches();
  page.status('up');
  await expect.poll(() => page.askedAt.length).toBe(before + 12);
  // The waits drawn, not the arrival times a stalled event loop can bunch together. Twelve draws
  // from a second all inside 100 ms: about one chance in 10^11.
  const waits = scheduled();
  expect(waits).toHaveLength(12);
  waits.forEach((wait) => expect(wait).toBeLessThanOrEqual(1_000));
  expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(100);
});
