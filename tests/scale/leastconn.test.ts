import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/redis/embedded';
import { startHaproxy, type HaproxyHandle } from '../../lib/scale/haproxy';
import { testConnection } from '../support';

/**
 * HAProxy with our configuration (lib/scale/haproxy.ts) in front of two Socket.IO servers that
 * stand for two app instances. Redis plays no part: one run.
 */
describe.runIf(testConnection().mode === 'single')(
  'HAProxy balances WebSockets by least connections',
  { timeout: 30_000 },
  () => {
    const instances: { name: string; http: HttpServer; io: Server }[] = [];
    let haproxy: HaproxyHandle;
    const clients: Socket[] = [];
    beforeAll(async () => {
      for (const name of ['instance-1', 'instance-2']) {
        // Any path but Socket.IO's answers 200, so HAProxy's health check keeps the server in rotation.
        const http = createServer((_request, response) => response.end());
        const server = new Server(http);
        server.on('connection', (socket) => socket.on('whoami', (ack: (name: string) => void) => ack(name)));
        await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
        instances.push({ name, http, io: server });
      }
      haproxy = await startHaproxy(
        await freePort(),
        instances.map(({ name, http }) => ({ name, port: (http.address() as AddressInfo).port })),
      );
    });
    afterAll(async () => {
      for (const client of clients) client.close();
      await haproxy?.stop();
      for (const { io: server } of instances) await server.close();
    });

    const connectOne = async () => {
      const client = io(haproxy.url, { transports: ['websocket'], reconnection: false });
      clients.push(client);
      await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('connect_error', reject));
      return { client, instance: (await client.timeout(5_000).emitWithAck('whoami')) as string };
    };
    const held = () => instances.map(({ io: server }) => server.engine.clientsCount);

    it('after one instance loses its sockets (a restart), the pages that come back go to it until both hold as many', async () => {
      const first = [];
      for (let i = 0; i < 10; i++) first.push(await connectOne());
      expect(held()).toEqual([5, 5]);

      // instance-2 restarts: its pages are gone, and as many come back, one after another.
      for (const { client, instance } of first) if (instance === 'instance-2') client.close();
      await expect.poll(held).toEqual([5, 0]);
      const back = [];
      for (let i = 0; i < 5; i++) back.push((await connectOne()).instance);

      expect(back).toEqual(Array(5).fill('instance-2'));
      expect(held()).toEqual([5, 5]);
    });
  },
);
