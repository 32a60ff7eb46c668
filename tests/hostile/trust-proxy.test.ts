import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { trustedProxies } from '../../lib/limits/trusted-proxy';
import type { AppProcess } from '../../lib/scale/app-process';
import { startHaproxy, type HaproxyHandle } from '../../lib/scale/haproxy';
import { startScaledSite } from '../../lib/scale/site';
import { freePort } from '../../lib/redis/embedded';
import { STAMPED_ADDRESS, startInProcessApp, type InProcessApp } from './in-process-app';

/**
 * Finding 4: an instance behind HAProxy must not key its limits on an X-Forwarded-For that a
 * client sent straight to it. The app listens on every interface here, so this machine's own
 * (non-loopback) address plays a client that reaches the instance's port directly.
 */
const external = Object.values(networkInterfaces())
  .flat()
  .find((found) => found && found.family === 'IPv4' && !found.internal)?.address;

let app: InProcessApp;
let appPort: number;
let haproxy: HaproxyHandle;
const before = process.env.TRUST_PROXY;
beforeAll(async () => {
  app = await startInProcessApp({ host: '0.0.0.0' });
  appPort = (app.server.httpServer.address() as AddressInfo).port;
  haproxy = await startHaproxy(await freePort(), [{ name: 'instance-1', port: appPort }]);
});
afterAll(async () => {
  if (before === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = before;
  await haproxy?.stop();
  await app?.close();
});

/** The address the instance stamped on a request (what every limit keys on). */
async function keyedOn(base: string, forged?: string): Promise<string | null> {
  // A path left to Next (a page is answered from the page cache, not the stub).
  const response = await fetch(`${base}/api/stub`, { headers: forged ? { 'x-forwarded-for': forged } : {} });
  await response.text();
  return response.headers.get(STAMPED_ADDRESS);
}

describe.skipIf(!external)('X-Forwarded-For is believed only from a trusted proxy', () => {
  it('TRUST_PROXY=1 trusts a proxy on this host only: a forged header sent to the instance directly is ignored, through HAProxy the client it saw counts', async () => {
    process.env.TRUST_PROXY = '1';
    expect(await keyedOn(`http://${external}:${appPort}`, '203.0.113.7')).toBe(external);
    expect(await keyedOn(`http://${external}:${appPort}`)).toBe(external);
    // HAProxy appends the peer it saw (this test, on loopback) after whatever the client forged.
    expect(await keyedOn(haproxy.url, '203.0.113.7')).toBe('127.0.0.1');
    expect(await keyedOn(haproxy.url, '203.0.113.7, 198.51.100.1')).toBe('127.0.0.1');
  });

  it('TRUST_PROXY names addresses or CIDRs; any other peer is keyed on itself', async () => {
    process.env.TRUST_PROXY = `${external}/32, 10.0.0.0/8`;
    expect(await keyedOn(`http://${external}:${appPort}`, '203.0.113.7')).toBe('203.0.113.7');
    // Loopback is not in the list now: HAProxy's header is ignored, HAProxy is the client.
    expect(await keyedOn(haproxy.url, '203.0.113.7')).toBe('127.0.0.1');
    expect(await keyedOn(app.url, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('unset or 0 trusts nobody', async () => {
    for (const setting of [undefined, '0']) {
      if (setting === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = setting;
      expect(await keyedOn(app.url, '203.0.113.7')).toBe('127.0.0.1');
      expect(await keyedOn(`http://${external}:${appPort}`, '203.0.113.7')).toBe(external);
    }
  });

  it('a malformed TRUST_PROXY stops the start with a message naming it', () => {
    process.env.TRUST_PROXY = '10.0.0.0/99';
    expect(() => trustedProxies()).toThrow(/TRUST_PROXY/);
    process.env.TRUST_PROXY = 'not-an-address';
    expect(() => trustedProxies()).toThrow(/TRUST_PROXY/);
  });
});

it("a scaled site's instances (demo:cluster) listen on loopback and trust one proxy on this host", async () => {
  const envs: Record<string, string>[] = [];
  const site = await startScaledSite({
    instances: 2,
    env: { TRUST_PROXY: '0.0.0.0/0' },
    startApp: async (env) => (envs.push(env), { port: appPort, stop: async () => undefined } as unknown as AppProcess),
  });
  await site.stop();
  for (const env of envs) expect(env).toMatchObject({ LISTEN_ADDRESS: '127.0.0.1', TRUST_PROXY: '1' });
});
