import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as metrics } from '../../app/api/metrics/route';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { useTestRedisForTheApp } from '../support';

/** docs/operations.md: `/api/metrics` is the operator's, behind METRICS_TOKEN or the admin token, the route called as Next calls it. */
const ADMIN = 'a'.repeat(24);
const METRICS = 'm'.repeat(32);
beforeAll(async () => {
  useTestRedisForTheApp();
  await waitUntilReady(getRedis());
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  delete process.env.ADMIN_TOKEN;
  await closeRedis();
});

const scrape = async (authorization?: string) => {
  const response = await metrics(
    new Request('http://localhost/api/metrics', { headers: authorization ? { authorization } : {} }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, text: await response.text(), challenge: response.headers.get('www-authenticate') };
};

describe('GET /api/metrics', () => {
  it('answers 401 without a token, or with a wrong one, saying nothing of the instance; 200 to METRICS_TOKEN or the admin token', async () => {
    process.env.ADMIN_TOKEN = ADMIN;
    process.env.METRICS_TOKEN = METRICS;
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS}`, `Bearer ${METRICS}x`]) {
      const answer = await scrape(authorization);
      expect(answer).toMatchObject({ status: 401, challenge: 'Bearer' });
      expect(answer.text).not.toContain('crowdpulse_');
    }
    for (const token of [METRICS, ADMIN]) {
      const answer = await scrape(`Bearer ${token}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('crowdpulse_nodejs_version_info');
    }
  });

  it('with neither token set, answers 401 to everyone', async () => {
    delete process.env.METRICS_TOKEN;
    delete process.env.ADMIN_TOKEN;
    expect((await scrape('Bearer ')).status).toBe(401);
    expect((await scrape()).status).toBe(401);
  });
});
