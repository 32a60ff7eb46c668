import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { limitPoints } from '../../lib/limits/address-limits';
import { limitBursts, limitWrites } from '../../lib/http/rate-limit';
import { channelKind, countPubSubMessages } from '../../lib/metrics/pubsub';
import { metricsRegistry } from '../../lib/metrics/registry';
import { instrumentRedis } from '../../lib/metrics/redis';
import { createRedis, createSubscriber, getRedis, waitUntilReady } from '../../lib/redis/client';
import { isVisitorPair, visitorFromCookies } from '../../lib/visitors/cookie';
import { testConnection, uniqueAddress, uniqueSlug } from '../support';
import { seriesValue, startInProcessApp, type InProcessApp } from './in-process-app';

const PUBSUB = 'crowdpulse_pubsub_messages_total';

/**
 * Promises of docs/reliability.md and docs/operations.md about the one port that no other test
 * pinned down: request ids, the visitor cookie's Secure flag, the Socket.IO message cap, and
 * bounded metric labels. The app's real HTTP + Socket.IO server runs in this process (a page is a
 * stub), on this run's Redis.
 */
let app: InProcessApp;
let url: string;
beforeAll(async () => {
  app = await startInProcessApp();
  url = app.url;
});
afterAll(async () => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it("echoes a caller's id of 1–64 characters of A-Za-z0-9_.:- and answers any other with a new UUID", async () => {
    const requestId = async (id?: string) => {
      const response = await fetch(`${url}/api/health`, { headers: id === undefined ? {} : { 'x-request-id': id } });
      await response.arrayBuffer();
      return response.headers.get('x-request-id');
    };
    for (const valid of ['a', 'Az09_.:-', 'x'.repeat(64), 'trace:2026-11-23.1_a'])
      expect(await requestId(valid)).toBe(valid);
    const invalid = [
      undefined,
      '',
      'x'.repeat(65),
      'has space',
      'slash/id',
      'quote"id',
      'é',
      '<script>',
      'a,b',
      'id;drop',
    ];
    const answered = await Promise.all(invalid.map(requestId));
    for (const id of answered) expect(id).toMatch(UUID);
    expect(new Set(answered).size).toBe(invalid.length);
  });
});

describe('the visitor cookie', () => {
  const setCookie = async (headers: Record<string, string>) => {
    const response = await fetch(`${url}/projects/x`, { headers: { accept: 'text/html', ...headers } });
    await response.text();
    return response.headers.getSetCookie().find(isVisitorPair)!;
  };

  it('is HttpOnly and SameSite=Lax, and Secure and __Host- prefixed behind an HTTPS proxy (TRUST_PROXY=1 and X-Forwarded-Proto: https) only', async () => {
    const flags = (cookie: string) =>
      cookie
        .split(';')
        .slice(1)
        .map((flag) => flag.trim().toLowerCase().split('=')[0]);
    const before = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = '1';
      const proxied = await setCookie({ 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' });
      expect(flags(proxied)).toEqual(expect.arrayContaining(['httponly', 'samesite', 'secure']));
      expect(proxied).toMatch(/SameSite=Lax/i);
      // A __Host- cookie: Secure, Path=/, no Domain, so no sibling subdomain or plain-HTTP page can set one.
      expect(proxied).toMatch(/^__Host-cp_vid=[^;]+;.*Path=\//);
      expect(flags(proxied)).not.toContain('domain');
      expect(visitorFromCookies(proxied.split(';')[0])).toBeDefined();
      const plain = await setCookie({ 'x-forwarded-for': '198.51.100.2', 'x-forwarded-proto': 'http' });
      expect(flags(plain)).not.toContain('secure');
      expect(plain).toMatch(/^cp_vid=/);
      // Without a proxy to trust, the header is just something a client wrote.
      delete process.env.TRUST_PROXY;
      const direct = await setCookie({ 'x-forwarded-proto': 'https' });
      expect(flags(direct)).toEqual(expect.arrayContaining(['httponly', 'samesite']));
      expect(flags(direct)).not.toContain('secure');
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});

describe('a quiz start', () => {
  const start = async (headers: Record<string, string> = {}, path = '/api/quiz/sessions') => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers });
    await response.text();
    return response.headers.getSetCookie().find((cookie) => cookie.startsWith('cp_vid='));
  };

  it('without a visitor cookie is given the signed one pages get, so a client with a cookie jar is one player; with one, none', async () => {
    const issued = await start();
    expect(issued).toMatch(/HttpOnly/i);
    const pair = issued!.split(';')[0]!;
    expect(visitorFromCookies(pair)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await start({ cookie: pair })).toBeUndefined();
    expect(await start({ cookie: 'cp_vid=forged.signature' })).toBeDefined();
    // A pledge and a hold are a visitor's too (a name never makes a backer); other writes of the API hand out no ids.
    expect(await start({}, '/api/projects/x/contributions')).toBeDefined();
    expect(await start({}, '/api/projects/x/tiers/vinyl/hold')).toBeDefined();
    expect(await start({}, '/api/quiz/sessions/AAAAAAAAAAAA/answers')).toBeUndefined();
    expect(await start({}, '/api/projects/x/shares')).toBeUndefined();
  });
});

describe('Socket.IO messages', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`are capped at 16 KiB (${transport}): a bigger one drops the connection, a smaller one is answered, the server lives on`, async () => {
      const socket = await app.open({ transport });
      const reply = await socket.timeout(5_000).emitWithAck('project:watch', { slug: 'x'.repeat(15 * 1024) });
      expect(reply).toMatchObject({ ok: false });

      const dropped = new Promise<string>((resolve) => {
        socket.once('disconnect', (reason) => resolve(reason));
        setTimeout(() => resolve('still connected after 5 s'), 5_000);
      });
      socket.emit('project:watch', { slug: 'x'.repeat(17 * 1024) }, () => undefined);
      expect(await dropped).toMatch(/transport (close|error)/);
      socket.close();

      const next = await app.open({ transport });
      expect(await next.timeout(5_000).emitWithAck('project:watch', { slug: 'no-such-project' })).toEqual({
        ok: false,
        error: 'not-found',
      });
      next.close();
      expect(app.crashes).toEqual([]);
    });
  }
});

describe('bounded metric labels', () => {
  it('crowdpulse_pubsub_messages_total counts by kind of channel, never by channel', async () => {
    const slug = uniqueSlug();
    const subscriber = createSubscriber(testConnection());
    countPubSubMessages(subscriber);
    const channels = [`{project:${slug}}:changes`, `{folding:${slug}:0}:changes`];
    try {
      await Promise.all(channels.map((channel) => subscriber.ssubscribe(channel)));
      const before = {
        project: await seriesValue(PUBSUB, { kind: 'project' }),
        folding: await seriesValue(PUBSUB, { kind: 'folding' }),
      };
      for (const channel of channels) for (let i = 0; i < 3; i++) await getRedis().spublish(channel, 'x');
      await expect.poll(() => seriesValue(PUBSUB, { kind: 'project' })).toBe(before.project + 3);
      await expect.poll(() => seriesValue(PUBSUB, { kind: 'folding' })).toBe(before.folding + 3);
      const metric = await metricsRegistry().getSingleMetric(PUBSUB)!.get();
      expect(metric.values.filter((value) => JSON.stringify(value.labels).includes(slug))).toEqual([]);
      expect(['{leaderboard}:changes', '{creators}:changes'].map(channelKind)).toEqual(['leaderboard', 'creators']);
    } finally {
      subscriber.disconnect();
    }
  });

  it('crowdpulse_rate_limit_refusals_total counts refusals by limit: http-writes, http-bursts, new-visitor-ids', async () => {
    const before = process.env.RATE_LIMIT_PER_MIN;
    process.env.RATE_LIMIT_PER_MIN = '2';
    const refusals = (limit: string) => seriesValue('crowdpulse_rate_limit_refusals_total', { limit });
    const from = (address: string) => new Request('http://x/', { headers: { [CLIENT_ADDRESS_HEADER]: address } });
    try {
      const [writes, bursts, visitors] = [
        await refusals('http-writes'),
        await refusals('http-bursts'),
        await refusals('new-visitor-ids'),
      ];
      const writer = from(`write-${uniqueSlug()}`);
      await limitWrites(writer);
      await limitWrites(writer);
      await expect(limitWrites(writer)).rejects.toMatchObject({
        status: 429,
        headers: { 'Retry-After': expect.any(String) },
      });
      // docs/architecture.md's key table: `rate:writes:<address>`, rate-limiter-flexible's counter, 60 s.
      const ttl = await getRedis().pttl(`rate:writes:${writer.headers.get(CLIENT_ADDRESS_HEADER)}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      const burster = from(`burst-${uniqueSlug()}`);
      await limitBursts(burster);
      await expect(limitBursts(burster)).rejects.toMatchObject({ status: 429 });
      process.env.TRUST_PROXY = '1';
      const address = uniqueAddress();
      for (let i = 0; i < limitPoints('new-visitor-ids') + 3; i++) {
        await (
          await fetch(`${url}/projects/x`, { headers: { accept: 'text/html', 'x-forwarded-for': address } })
        ).text();
      }
      expect([await refusals('http-writes'), await refusals('http-bursts'), await refusals('new-visitor-ids')]).toEqual(
        [writes + 1, bursts + 1, visitors + 3],
      );
      // RATE_LIMIT_PER_MIN=0 turns the new-id limit off too: every page gets its cookie (a quiz submit needs one).
      process.env.RATE_LIMIT_PER_MIN = '0';
      const unlimited = uniqueAddress();
      for (let i = 0; i < limitPoints('new-visitor-ids') + 3; i++) {
        const page = await fetch(`${url}/projects/x`, {
          headers: { accept: 'text/html', 'x-forwarded-for': unlimited },
        });
        await page.text();
        expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith('cp_vid='))).toBe(true);
      }
      expect(await refusals('new-visitor-ids')).toBe(visitors + 3);
    } finally {
      delete process.env.TRUST_PROXY;
      if (before === undefined) delete process.env.RATE_LIMIT_PER_MIN;
      else process.env.RATE_LIMIT_PER_MIN = before;
    }
  });

  it('crowdpulse_redis_errors_total counts by client and kind: connection errors, failed commands', async () => {
    const errors = (client: string, kind: string) => seriesValue('crowdpulse_redis_errors_total', { client, kind });
    const failing = instrumentRedis(createRedis(testConnection()), 'front-door-commands');
    const unreachable = instrumentRedis(createRedis('redis://127.0.0.1:1'), 'front-door-unreachable');
    try {
      await waitUntilReady(failing);
      const key = `{front-door:${uniqueSlug()}}:text`;
      await failing.set(key, 'not a number', 'PX', 10_000);
      await expect(failing.incr(key)).rejects.toThrow(/not an integer/);
      expect(await errors('front-door-commands', 'command')).toBe(1);
      await expect.poll(() => errors('front-door-unreachable', 'connection')).toBeGreaterThanOrEqual(1);
    } finally {
      failing.disconnect();
      unreachable.disconnect();
    }
  });

  it('the route label of crowdpulse_http_request_duration_seconds is the app router pattern, or "unmatched" for any other path, so clients cannot grow the label set', async () => {
    const routes = async () => {
      const metric = await metricsRegistry().getSingleMetric('crowdpulse_http_request_duration_seconds')!.get();
      const counts = metric.values.filter((value) => (value as { metricName?: string }).metricName?.endsWith('_count'));
      return new Map(counts.map((value) => [`${value.labels.route} ${value.labels.status}`, value.value]));
    };
    // Any status: a page path without a locale is first redirected to one, then answered.
    const unmatched = async () =>
      [...(await routes())].reduce((sum, [key, count]) => (key.startsWith('unmatched ') ? sum + count : sum), 0);
    const before = await unmatched();
    const made = ['/no/such/x', '/api/nope/1/2/3', `/random-${Date.now()}`, '/api/projects/a/b/c/d'];
    for (const path of made) await (await fetch(url + path)).arrayBuffer();
    await (await fetch(`${url}/api/projects/some-slug/live`)).arrayBuffer();
    await expect.poll(unmatched).toBeGreaterThanOrEqual(before + made.length);
    const labels = [...(await routes()).keys()].map((key) => key.split(' ')[0]);
    expect(labels).toContain('/api/projects/[slug]/live');
    for (const path of made) expect(labels).not.toContain(path);
  });
});
