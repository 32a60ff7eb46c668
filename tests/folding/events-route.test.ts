import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postEvent } from '../../app/api/folding/events/route';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { uniqueSlug, useTestRedisForTheApp } from '../support';

/** docs/api.md: fold events are the admin's, unless the demo's simulator runs (SIMULATE=1). The route called as Next calls it. */
const ADMIN = 'f'.repeat(24);
beforeAll(async () => {
  useTestRedisForTheApp();
  process.env.ADMIN_TOKEN = ADMIN;
  await waitUntilReady(getRedis());
});
afterAll(async () => {
  delete process.env.SIMULATE;
  delete process.env.ADMIN_TOKEN;
  await closeRedis();
});

const send = async (account: string, authorization?: string) => {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(authorization ? { authorization } : {}),
  };
  const body = JSON.stringify({ id: 'p1', account_id: account, metrics: { likes: 1 } });
  const response = await postEvent(
    new Request('http://localhost/api/folding/events', { method: 'POST', headers, body }),
    { params: Promise.resolve({}) },
  );
  return response.status;
};

describe('POST /api/folding/events', () => {
  it('without the simulator, needs the admin token (401 otherwise, nothing folded); with SIMULATE=1, anyone may send', async () => {
    delete process.env.SIMULATE;
    expect(await send(`ADMIN-NOTICE.${uniqueSlug()}`)).toBe(401);
    expect(await send(`ADMIN-NOTICE.${uniqueSlug()}`, 'Bearer wrong')).toBe(401);
    expect(await send(`acct_${uniqueSlug()}`, `Bearer ${ADMIN}`)).toBe(202);
    process.env.SIMULATE = '1';
    expect(await send(`acct_${uniqueSlug()}`)).toBe(202);
  });
});
