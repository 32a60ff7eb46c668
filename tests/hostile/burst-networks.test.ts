import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as burst } from '../../app/api/folding/burst/route';
import { BURST_LEASE_KEY } from '../../lib/folding/burst';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { capConnectionsPerAddress } from '../../lib/server/connection-cap';
import { useTestRedisForTheApp } from '../support';

/**
 * Round five's burst and connection findings (docs/reliability.md): the burst is the admin's
 * while the simulator is off, as fold events are; its cooldown and the TCP connection cap count an
 * IPv6 address at its /64, /56 and /48, so new /64s of one /48 take no more turns.
 */
const ADMIN = 'b'.repeat(24);
const saved = { admin: process.env.ADMIN_TOKEN, simulate: process.env.SIMULATE };
beforeAll(async () => {
  useTestRedisForTheApp();
  await waitUntilReady(getRedis());
  process.env.ADMIN_TOKEN = ADMIN;
});
afterAll(async () => {
  for (const [name, value] of [
    ['ADMIN_TOKEN', saved.admin],
    ['SIMULATE', saved.simulate],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await closeRedis();
});
afterEach(async () => {
  delete process.env.SIMULATE;
  process.env.RATE_LIMIT_PER_MIN = '0';
  // Until the running burst has ended: it releases the lease as its last write.
  await expect.poll(() => getRedis().exists(BURST_LEASE_KEY), { timeout: 14_000 }).toBe(0);
});

const post = async (address: string, token?: string) => {
  const headers = { [CLIENT_ADDRESS_HEADER]: address, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await burst(new Request('http://localhost/api/folding/burst', { method: 'POST', headers }), {});
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
};
const network48 = () => `2001:db8:${randomBytes(2).toString('hex')}`;

describe('POST /api/folding/burst', () => {
  it('with the simulator off, needs the admin token (401 without, writing nothing); with it on, anyone may', async () => {
    process.env.SIMULATE = '0';
    const network = network48();
    expect(await post(`${network}:1::1`)).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect(await post(`${network}:2::1`, 'wrong')).toMatchObject({ status: 401 });
    expect(await getRedis().exists(BURST_LEASE_KEY)).toBe(0);
    expect((await post(`${network}:3::1`, ADMIN)).status).toBe(202);
    await expect.poll(() => getRedis().exists(BURST_LEASE_KEY), { timeout: 14_000 }).toBe(0);
    process.env.SIMULATE = '1';
    expect((await post(`${network48()}:1::1`)).status).toBe(202);
  });

  it('one per cooldown per /48 too: a new /64, or a new /56, of the same /48 waits (429), another /48 does not', async () => {
    process.env.SIMULATE = '1';
    const network = network48();
    expect((await post(`${network}:100::1`)).status).toBe(202);
    await expect.poll(() => getRedis().exists(BURST_LEASE_KEY), { timeout: 14_000 }).toBe(0);
    // The lease is free: only the cooldown stands between these and a second burst.
    expect(await post(`${network}:101::1`)).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect((await post(`${network}:ff00::1`)).status).toBe(429);
    expect((await post(`${network48()}:100::1`)).status).toBe(202);
  });
});

describe('the TCP connection cap', () => {
  /** A connection as the server sees it: a real socket, named as from `address`. */
  function connection(server: ReturnType<typeof createServer>, address: string): Socket {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: address });
    Object.defineProperty(socket, 'localAddress', { value: '2001:db8:ffff::1' });
    server.emit('connection', socket);
    return socket;
  }

  it('counts an IPv6 address at its /64, /56 (twice the cap) and /48 (four times), and frees a place on close', async () => {
    const server = createServer();
    capConnectionsPerAddress(server, () => 2);
    const network = network48();
    const in64 = [1, 2, 3].map((n) => connection(server, `${network}:1::${n}`));
    expect(in64.map((socket) => socket.destroyed)).toEqual([false, false, true]);
    // Same /56 (2001:db8:x:00xx), other /64s: four in all, then closed.
    const in56 = [`${network}:2::1`, `${network}:3::1`, `${network}:4::1`].map((address) =>
      connection(server, address),
    );
    expect(in56.map((socket) => socket.destroyed)).toEqual([false, false, true]);
    // Other /56s of the same /48: eight in all, then closed.
    const in48 = ['100', '200', '300', '400', '500'].map((group) => connection(server, `${network}:${group}::1`));
    expect(in48.map((socket) => socket.destroyed)).toEqual([false, false, false, false, true]);
    expect(connection(server, `${network48()}:1::1`).destroyed).toBe(false);
    const closed = once(in64[0]!, 'close');
    in64[0]!.destroy();
    await closed;
    expect(connection(server, `${network}:700::1`).destroyed).toBe(false);
  });
});
