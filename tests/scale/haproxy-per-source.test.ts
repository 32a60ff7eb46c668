import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/redis/embedded';
import { haproxyConfig, startHaproxy, type HaproxyHandle } from '../../lib/scale/haproxy';
import { testConnection } from '../support';

const LIMIT = 5;

/** A keep-alive connection through HAProxy, resolved once an answer to its first request came back (so HAProxy holds it). */
async function heldConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await once(socket, 'data');
  return socket;
}

/** What a connection past the limit sees: HAProxy closes it before any answer. */
async function answered(port: number): Promise<boolean> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let got = false;
  socket.on('data', () => (got = true));
  socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  // Not events.once: it rejects on the reset that is the refusal.
  await new Promise((resolve) => socket.once('close', resolve));
  return got;
}

/**
 * The configuration lib/scale/haproxy.ts writes limits the connections one source holds open at
 * once: Debian's HAProxy, with the limit set to 5, in front of a plain HTTP server. Redis plays
 * no part: one run.
 */
describe.runIf(testConnection().mode === 'single')('HAProxy’s per-source connection limit', { timeout: 30_000 }, () => {
  let http: HttpServer;
  let haproxy: HaproxyHandle;
  beforeAll(async () => {
    http = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    haproxy = await startHaproxy(
      await freePort(),
      [{ name: 'instance-1', port: (http.address() as AddressInfo).port }],
      { connectionsPerSource: LIMIT },
    );
  });
  afterAll(async () => {
    await haproxy?.stop();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
  });

  it('is in the configuration by default, and absent when turned off', () => {
    expect(haproxyConfig(80, [])).toMatch(/tcp-request connection reject if \{ sc0_conn_cur gt 500 \}/);
    expect(haproxyConfig(80, [], { connectionsPerSource: 0 })).not.toContain('tcp-request');
  });

  it('refuses a source’s connection past the limit, before any answer; a closed one makes room', async () => {
    const held = [];
    for (let i = 0; i < LIMIT; i++) held.push(await heldConnection(haproxy.port));
    expect(await answered(haproxy.port)).toBe(false);
    expect(await answered(haproxy.port)).toBe(false);
    held.pop()!.destroy();
    // HAProxy counts the close when it reads it: the next connection is answered once it has.
    let room = false;
    for (let attempt = 0; attempt < 50 && !room; attempt++) room = await answered(haproxy.port);
    expect(room).toBe(true);
    held.forEach((socket) => socket.destroy());
  });
});
