import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSocketsKey } from '../../lib/realtime/keys';
import { startInProcessApp, type InProcessApp } from './in-process-app';
import { closedByServer, rawUpgrade as upgrade } from './raw-upgrade';

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

const rawUpgrade = (address: string, headers: Record<string, string> = {}) =>
  upgrade(app.url, { 'x-forwarded-for': address, ...headers });

async function pollingHandshake(address: string): Promise<number> {
  const response = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, {
    headers: { 'x-forwarded-for': address },
  });
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
    expect(
      refused.filter(
        ({ status, body }) => !(status === 0 || (status === 400 && body === 'too many connections from this address')),
      ),
    ).toEqual([]);
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

  it('IPv6: a /64 holds the cap, its /56 twice and its /48 four times, however many /64s are used', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_SOCKETS_PER_ADDRESS = '2';
    const site = `2001:db8:${(++next).toString(16)}`;
    // Two /64s of one /56: the /56's budget (4) runs out at the fifth handshake.
    const inOneHome = [`${site}:100::1`, `${site}:100::2`, `${site}:101::1`, `${site}:101::2`, `${site}:102::1`];
    const statuses = [];
    for (const address of inOneHome) statuses.push(await pollingHandshake(address));
    expect(statuses).toEqual([200, 200, 200, 200, 403]);
    // /64s spread over the /48's /56s: four /64s' worth in all, then refused.
    for (const home of [0x200, 0x300])
      for (const host of [1, 2]) statuses.push(await pollingHandshake(`${site}:${home.toString(16)}::${host}`));
    statuses.push(await pollingHandshake(`${site}:400::1`));
    expect(statuses.slice(5)).toEqual([200, 200, 200, 200, 403]);
    expect(await app.redis.zcard(openSocketsKey(`${site}::/48`))).toBe(8);
    expect(await app.redis.zcard(openSocketsKey(`${site}:400::/64`))).toBe(0);
  });

  it('a handshake from another site’s page is refused, polling or WebSocket, and takes no place', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    const address = freshAddress();
    expect((await rawUpgrade(address, { origin: 'https://evil.example' })).status).not.toBe(101);
    expect((await rawUpgrade(address, { 'sec-fetch-site': 'cross-site', origin: app.url })).status).not.toBe(101);
    const polling = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { 'x-forwarded-for': address, origin: 'https://evil.example' },
    });
    expect(polling.status).toBe(403);
    expect(await places(address)).toBe(0);
  });
});
