import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as burst } from '../../app/api/folding/burst/route';
import { BURST_LEASE_KEY } from '../../lib/folding/burst';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { closeRedis, getRedis, isCluster, waitUntilReady, type RedisClient } from '../../lib/redis/client';
import { startRedisServer, type RedisServerHandle } from '../../lib/redis/embedded';
import { startLocalCluster, type LocalClusterHandle } from '../../lib/scale/local-cluster';
import { testConnection } from '../support';

// A Redis of this file's own: INFO commandstats then counts this file's commands alone.
let server: RedisServerHandle | LocalClusterHandle;
let redis: RedisClient;
beforeAll(async () => {
  // The simulator's setting: the burst is anyone's (else the admin's).
  process.env.SIMULATE = '1';
  if (testConnection().mode === 'single') {
    server = await startRedisServer();
    process.env.REDIS_URL = server.url;
  } else {
    server = await startLocalCluster();
    process.env.REDIS_CLUSTER_NODES = server.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
  }
  redis = getRedis();
  await waitUntilReady(redis);
}, 60_000);
afterAll(async () => {
  delete process.env.SIMULATE;
  await closeRedis();
  await server.stop();
});

/** Commands every master has run so far (INFO itself left out). */
async function commandsRun(): Promise<number> {
  const masters = isCluster(redis) ? redis.nodes('master') : [redis];
  let total = 0;
  for (const node of masters) {
    for (const [, name, calls] of (await node.info('commandstats')).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) {
      if (name !== 'info') total += Number(calls);
    }
  }
  return total;
}

const post = (address: string) =>
  burst(
    new Request('http://localhost/api/folding/burst', {
      method: 'POST',
      headers: { [CLIENT_ADDRESS_HEADER]: address },
    }),
    {},
  );

/** Until the running burst has ended: it releases the lease as its last write. */
async function burstEnded(): Promise<void> {
  while ((await redis.exists(BURST_LEASE_KEY)) === 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

const newAddress = () => `198.51.100.${randomBytes(1)[0]! % 250}:${randomBytes(3).toString('hex')}`;

it('twenty bursts asked for at once from twenty addresses: one runs, nineteen are told one is running (409, Retry-After), and Redis does the work of one', async () => {
  const start = await commandsRun();
  expect((await post(newAddress())).status).toBe(202);
  await burstEnded();
  const one = (await commandsRun()) - start;

  const before = await commandsRun();
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(`203.0.113.${i + 1}`)));
  expect(responses.filter((response) => response.status === 202)).toHaveLength(1);
  const refused = responses.filter((response) => response.status !== 202);
  expect(refused.map((response) => response.status)).toEqual(Array(19).fill(409));
  for (const response of refused) {
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toMatchObject({ error: { code: 'burst_running' } });
  }
  await burstEnded();
  const twenty = (await commandsRun()) - before;
  // The nineteen refused cost their rate limit and one SET NX (and PTTL) each; the burst costs the rest.
  expect(one).toBeGreaterThan(200);
  expect(twenty).toBeLessThan(one * 1.5);

  // Once it has ended, the next burst runs.
  expect((await post(newAddress())).status).toBe(202);
  await burstEnded();
}, 60_000);
