import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSocketsKey } from '../../lib/realtime/keys';
import { startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * Finding 3 of round three: connections are counted where they open, at the Engine.IO
 * handshake, before any namespace. Raw upgrades that never join a namespace count against the
 * address's cap, and are closed once they have waited the connect timeout for a namespace; polling
 * handshakes count too. The app starts with SOCKET_CONNECT_TIMEOUT_MS at a minute, so that no
 * upgrade is closed while the cap is counted however slow the machine; the closing is then
 * shown with Socket.IO's timeout set short, and the test waits for the closes, never times them.
 */
let app: InProcessApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  process.env.SOCKET_CONNECT_TIMEOUT_MS = '60000';
  app = await startInProcessApp();
});
afterAll(async () => {
  delete process.env.SOCKET_CONNECT_TIMEOUT_MS;
  await app.close();
});
afterEach(() => {
  process.env.RATE_LIMIT_PER_MIN = '0';
  delete process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS;
});

let next = 0;
const freshAddress = () => `192.0.2.${++next}`;
const places = (address: string) => app.redis.zcard(openSocketsKey(address));

type Upgrade = { status: number; socket?: Socket; head?: Buffer; body?: string };
/** A bare WebSocket upgrade to the Engine.IO endpoint, as a script without a browser sends it: no Origin, no Socket.IO CONNECT ever. */
function rawUpgrade(address: string, headers: Record<string, string> = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${app.url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'x-forwarded-for': address,
        ...headers,
      },
      agent: false,
    });
    request.once('upgrade', (response, socket, head) => resolve({ status: response.statusCode!, socket, head }));
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, body }));
      response.once('error', () => resolve({ status: response.statusCode!, body }));
    });
    // A refused upgrade may be answered and closed at once: the close is the refusal.
    request.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve({ status: 0 }) : reject(error)));
    request.end();
  });
}

/**
 * Resolves when the server sends a WebSocket close frame (opcode 8): it ended the connection. The
 * TCP connection itself lingers until the client answers the close, which this one never does.
 */
function closedByServer({ socket, head = Buffer.alloc(0) }: Upgrade): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffered = head;
    const read = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // Server frames are unmasked; Engine.IO's are short (a 126 length takes two more bytes).
      while (buffered.length >= 2) {
        const opcode = buffered[0]! & 0x0f;
        const short = buffered[1]! & 0x7f;
        const [offset, length] = short === 126 ? [4, buffered.length >= 4 ? buffered.readUInt16BE(2) : Infinity] : [2, short];
        if (buffered.length < offset + length) return;
        if (opcode === 8) return resolve();
        buffered = buffered.subarray(offset + length);
      }
    };
    socket!.on('data', read);
    socket!.once('close', () => reject(new Error('closed without a close frame')));
    read(Buffer.alloc(0));
  });
}

async function pollingHandshake(address: string): Promise<number> {
  const response = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': address } });
  await response.text();
  return response.status;
}

describe('raw Engine.IO connections', () => {
  it('300 WebSocket upgrades from one address: past the cap refused; those held are closed for joining no namespace, and their places freed', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = '40';
    const address = freshAddress();
    const upgrades = await Promise.all(Array.from({ length: 300 }, () => rawUpgrade(address)));
    const held = upgrades.filter((upgrade) => upgrade.status === 101);
    const refused = upgrades.filter((upgrade) => upgrade.status !== 101);
    expect(held.length).toBe(40);
    // Engine.IO refuses an upgrade with a 400 carrying the reason (or a reset, if it closed first).
    expect(refused.filter(({ status, body }) => !(status === 0 || (status === 400 && body === 'too many connections from this address')))).toEqual([]);
    expect(await places(address)).toBe(40);
    // Another address is not affected.
    const elsewhere = await rawUpgrade(freshAddress());
    expect(elsewhere.status).toBe(101);

    // Nobody sends a CONNECT: once the connect timeout is short, the server closes each new one.
    app.server.io.connectTimeout(200);
    const idleAddress = freshAddress();
    const idle = await Promise.all(Array.from({ length: 10 }, () => rawUpgrade(idleAddress)));
    expect(idle.map((upgrade) => upgrade.status)).toEqual(Array(10).fill(101));
    await Promise.all(idle.map(closedByServer));
    app.server.io.connectTimeout(60_000);
    await expect.poll(() => places(idleAddress)).toBe(0);
    idle.forEach(({ socket }) => socket!.destroy());

    // A closed connection frees its place at once.
    for (const { socket } of [...held, elsewhere]) socket!.destroy();
    await expect.poll(() => places(address)).toBe(0);
    const again = await rawUpgrade(address);
    expect(again.status).toBe(101);
    again.socket!.destroy();
  });

  it('a polling handshake takes a place too, and is refused past the cap', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = '3';
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await pollingHandshake(address));
    expect(statuses).toEqual([200, 200, 200, 403]);
    expect(await places(address)).toBe(3);
    expect(await rawUpgrade(address)).toMatchObject({ status: 400, body: 'too many connections from this address' });
  });

  it('a handshake from another site’s page is refused, polling or WebSocket, and takes no place', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    const address = freshAddress();
    expect((await rawUpgrade(address, { origin: 'https://evil.example' })).status).not.toBe(101);
    expect((await rawUpgrade(address, { 'sec-fetch-site': 'cross-site', origin: app.url })).status).not.toBe(101);
    const polling = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': address, origin: 'https://evil.example' } });
    expect(polling.status).toBe(403);
    expect(await places(address)).toBe(0);
  });
});
