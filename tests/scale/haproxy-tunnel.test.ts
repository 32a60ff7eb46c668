import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/redis/embedded';
import { startHaproxy, type HaproxyHandle } from '../../lib/scale/haproxy';
import { testConnection } from '../support';

/**
 * docs/operations.md's "`timeout tunnel 1h` because an upgraded WebSocket no longer obeys the
 * client/server timeouts": Debian's HAProxy with our configuration, its idle timeouts cut to
 * 1 s, in front of a Socket.IO server that pings once a minute. Redis plays no part: one run.
 */
describe.runIf(testConnection().mode === 'single')('HAProxy in front of Socket.IO', { timeout: 30_000 }, () => {
  let http: HttpServer;
  let haproxy: HaproxyHandle;
  const clients: Socket[] = [];
  beforeAll(async () => {
    // Any path but Socket.IO's answers 200, so HAProxy's health check keeps the server in rotation.
    http = createServer((_request, response) => response.end());
    new Server(http, { pingInterval: 60_000, pingTimeout: 60_000 }).on('connection', (socket) =>
      socket.on('echo', (value: string, ack: (value: string) => void) => ack(value)),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const backend = { name: 'instance-1', port: (http.address() as AddressInfo).port };
    haproxy = await startHaproxy(await freePort(), [backend], { idleTimeout: '1s' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await haproxy?.stop();
    await new Promise((resolve) => http?.close(resolve));
  });

  const silentFor = async (transport: 'websocket' | 'polling', ms: number) => {
    const client = io(haproxy.url, { transports: [transport], reconnection: false });
    clients.push(client);
    await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('connect_error', reject));
    let disconnected = false;
    client.once('disconnect', () => (disconnected = true));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { client, disconnected };
  };

  it('an upgraded WebSocket silent for 3 s stays open past the 1 s client and server timeouts', async () => {
    const { client, disconnected } = await silentFor('websocket', 3_000);
    expect(disconnected).toBe(false);
    expect(await client.timeout(2_000).emitWithAck('echo', 'still here')).toBe('still here');
  });

  it('while a long-polling request silent as long is cut: the timeouts are in force, the tunnel is what spares the WebSocket', async () => {
    const { disconnected } = await silentFor('polling', 3_000);
    expect(disconnected).toBe(true);
  });
});
