import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creatorKeys } from '../../lib/creators/keys';
import { metricFolder } from '../../lib/folding/metric-events';
import type { RealtimeServer } from '../../lib/realtime/events';
import { attachFolding } from '../../lib/realtime/folding-socket';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { closeRedis, createSubscriber, getRedis, waitUntilReady } from '../../lib/redis/client';
import { testConnection, useTestRedisForTheApp } from '../support';

const http = createServer();
const io: RealtimeServer = new Server(http);
let hub: RealtimeHub;
let folding: { close(): void };
let url: string;
beforeAll(async () => {
  useTestRedisForTheApp();
  await waitUntilReady(getRedis());
  hub = createRealtimeHub(io, getRedis(), createSubscriber(testConnection()));
  folding = attachFolding(io, hub);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  folding.close();
  await hub.close();
  await io.close();
  await closeRedis();
});

const foldChannels = () => metricFolder().shards.map((shard) => shard.changes);
const foldingChannelsHeld = () =>
  hub
    .channels()
    .filter((channel) => foldChannels().includes(channel) || channel === creatorKeys.changes)
    .toSorted();

it('an instance holds no fold channel while no socket watches /ops, all of them while one does, and none after it left', async () => {
  expect(foldingChannelsHeld()).toEqual([]);
  const page = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve) => page.once('connect', resolve));
  expect(foldingChannelsHeld()).toEqual([]);

  const reply = (await page.timeout(10_000).emitWithAck('ops:watch')) as { ok: boolean };

  expect(reply.ok).toBe(true);
  expect(foldingChannelsHeld()).toEqual([...foldChannels(), creatorKeys.changes].toSorted());
  page.close();
  await expect.poll(foldingChannelsHeld).toEqual([]);
});
