import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson } from '../../lib/http/body';
import { route } from '../../lib/http/route';
import { createAppServer, SLOW_CLIENT_MS, type AppServer } from '../../lib/server/http-server';
import { uniqueAddress } from '../support';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * docs/reliability.md, slow clients: a request's head and body each arrive within a bound or the
 * connection is closed; the write limit is taken before the body is read; one address holds a
 * bounded number of open connections. A server of the app's own making (createAppServer) with a
 * direct write route, as server.ts serves the contribution POST, its bound lowered to 1 s.
 */
let app: InProcessApp;
let server: AppServer;
let port: number;
beforeAll(async () => {
  app = await startInProcessApp();
  const write = route(
    async (request) => Response.json(await readJson(request, z.object({ name: z.string() })), { status: 201 }),
    { write: true },
  );
  server = createAppServer(
    (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end('page'),
    {
      direct: [{ method: 'POST', path: /^\/api\/(?<name>write)$/, handler: write }],
      slowClientMs: 1_000,
    },
  );
  server.httpServer.listen(0, '127.0.0.1');
  await once(server.httpServer, 'listening');
  port = (server.httpServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  server.httpServer.close();
  await app.close();
});
afterEach(() => {
  process.env.RATE_LIMIT_PER_MIN = '0';
  delete process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS;
  delete process.env.TRUST_PROXY;
});

/** A raw connection and everything it is sent, until it closes. */
async function open(from = '127.0.0.1'): Promise<{ socket: Socket; reply: () => string; closed: Promise<unknown> }> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  return { socket, reply: () => text, closed };
}

const head = (length: number, extra = '') =>
  `POST /api/write HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('slow clients', () => {
  it('the app server bounds a request head and a whole request to SLOW_CLIENT_MS (10 s)', () => {
    const real = createAppServer(() => undefined);
    expect([real.httpServer.headersTimeout, real.httpServer.requestTimeout, SLOW_CLIENT_MS]).toEqual([
      10_000, 10_000, 10_000,
    ]);
    void real.close();
  });

  it('a body trickling a byte at a time is cut off with a 408 and the connection closed, long before it is sent, and nothing answered from it', async () => {
    const { socket, reply, closed } = await open();
    socket.write(head(60_000));
    let sent = 0;
    const trickle = setInterval(() => socket.writable && (socket.write('{'), sent++), 100);
    await closed;
    clearInterval(trickle);
    expect(reply().split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(sent).toBeLessThan(60_000);
  });

  it('a head never finished is closed too', async () => {
    const { socket, reply, closed } = await open();
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await closed;
    expect(reply().split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('a write over the limit is refused (429) before its body is sent', async () => {
    process.env.RATE_LIMIT_PER_MIN = '1';
    process.env.TRUST_PROXY = '1';
    const address = uniqueAddress();
    const first = await open();
    const body = '{"name":"a"}';
    first.socket.write(head(body.length, `X-Forwarded-For: ${address}\r\nConnection: close\r\n`) + body);
    await first.closed;
    expect(first.reply().split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    const second = await open();
    second.socket.write(head(60_000, `X-Forwarded-For: ${address}\r\n`));
    await new Promise<void>((resolve) =>
      second.socket.on('data', () => second.reply().includes('\r\n\r\n') && resolve()),
    );
    expect(second.reply().split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
    second.socket.destroy();
  });

  it('one address holds at most twice RATE_LIMIT_SOCKETS_PER_ADDRESS open connections: one more is closed unanswered, the others served', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = '2';
    // Another loopback address: this host's own connections (the page cache's renders) are not capped.
    const from = '127.0.0.2';
    const held = await Promise.all(Array.from({ length: 4 }, () => open(from)));
    const over = await open(from);
    await over.closed;
    expect(over.reply()).toBe('');
    const first = held[0]!;
    first.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await first.closed;
    expect(first.reply().split('\r\n')[0]).toMatch(/^HTTP\/1\.1 200/);
    // Once the server has seen the first one close, its place is free again.
    const statusOfNew = async () => {
      const again = await open(from);
      again.socket.write('GET /en HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await again.closed;
      return again.reply().split('\r\n')[0];
    };
    await expect.poll(statusOfNew).toBe('HTTP/1.1 200 OK');
    held.slice(1).forEach(({ socket }) => socket.destroy());
  });
});
