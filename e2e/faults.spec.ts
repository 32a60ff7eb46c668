import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { liveEventKeys } from '../lib/live-events/keys';
import type { Redis } from 'ioredis';
import { AppProcess } from './support/app-process';
import { createProject, expect, test } from './support/fixtures';
import { Stack } from './support/stack';
import { DEMO_PLAYERS } from '../lib/simulator/quiz-players';
import { makeAdminToken } from '../lib/server/start-guards';

/** Real processes broken on purpose: a persistent Redis killed or frozen under open pages and a stream of writes. */
test.describe.configure({ mode: 'serial' });

let stack: Stack;
test.beforeAll(async () => {
  stack = await Stack.start({}, { persistent: true });
});
test.afterAll(async () => stack?.stop());

const withRedis = <T>(work: (redis: Redis) => Promise<T>) => stack.withRedis(work);

type Sent = { id: string; status: number; at: number };

/** Contributions one after another until stopped: what each got back, and when. */
function contributionStream(slug: string) {
  const sent: Sent[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const id = `flow-${i}`;
      const status = await fetch(`${stack.baseURL}/api/projects/${slug}/contributions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: 'Flow', amount: 1 }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
      sent.push({ id, status, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { sent, stop: async () => ((running = false), await done) };
}

async function openPages(slug: string, pages: Page[]) {
  for (const page of pages) {
    await page.goto(`${stack.baseURL}/projects/${slug}`);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  }
}

/** The truth: Redis' own count; every page must end showing it. */
async function expectPagesShowTheTruth(slug: string, pages: Page[]) {
  const truth = await withRedis((redis) => redis.zcard(liveEventKeys(slug).contributions));
  for (const page of pages) {
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', String(truth), {
      timeout: 15_000,
    });
  }
  return truth;
}

test('Redis killed and restarted under open pages and a stream of contributions: "reconnecting", then the truth', async ({
  browser,
}) => {
  const slug = await withRedis((redis) => createProject(redis));
  const pages = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await openPages(slug, pages);
  const stream = contributionStream(slug);
  await expect.poll(() => stream.sent.filter((s) => s.status === 201).length).toBeGreaterThan(10);

  // What is on disk is decided, not waited for: an AOF rewrite holds every write answered before
  // it began (the AOF's own fsync every second can lag on a busy machine).
  const rewrites = () =>
    withRedis(async (redis) => Number(/aof_rewrites:(\d+)/.exec(await redis.info('persistence'))?.[1]));
  const rewritesBefore = await rewrites();
  const onDiskBefore = Date.now();
  await withRedis((redis) => redis.bgrewriteaof());
  await expect.poll(rewrites).toBeGreaterThan(rewritesBefore);
  const killedAt = Date.now();
  await stack.signalRedis('SIGKILL');
  for (const page of pages)
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'reconnecting');
  await expect.poll(() => stream.sent.filter((s) => s.at > killedAt && s.status === 503).length).toBeGreaterThan(2);
  await stack.startRedis();
  await expect
    .poll(() => stream.sent.filter((s) => s.at > killedAt && s.status === 201).length, { timeout: 15_000 })
    .toBeGreaterThan(5);
  await stream.stop();

  expect(stream.sent.filter((s) => ![200, 201, 503].includes(s.status))).toEqual([]);
  const stored = await withRedis((redis) => redis.zrange(liveEventKeys(slug).contributions, '0', '-1'));
  // Acknowledged before the rewrite began: on disk, so still there.
  const durable = stream.sent.filter((s) => s.status === 201 && s.at < onDiskBefore).map((s) => s.id);
  expect(durable.length).toBeGreaterThan(10);
  expect(durable.filter((id) => !stored.includes(id))).toEqual([]);
  await expectPagesShowTheTruth(slug, pages);
});

test('Redis frozen longer than the command timeout, then thawed: 503s meanwhile, "reconnecting", then the truth', async ({
  browser,
}) => {
  const slug = await withRedis((redis) => createProject(redis));
  const pages = [await (await browser.newContext()).newPage()];
  await openPages(slug, pages);
  const stream = contributionStream(slug);
  await expect.poll(() => stream.sent.filter((s) => s.status === 201).length).toBeGreaterThan(5);

  const frozenAt = Date.now();
  await stack.signalRedis('SIGSTOP');
  try {
    await expect(pages[0]!.getByTestId('connection-status')).toHaveAttribute('data-state', 'reconnecting');
    await expect.poll(() => stream.sent.filter((s) => s.at > frozenAt && s.status === 503).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, frozenAt + 4_000 - Date.now())));
  } finally {
    await stack.signalRedis('SIGCONT');
  }
  await expect
    .poll(() => stream.sent.filter((s) => s.at > frozenAt + 4_000 && s.status === 201).length, { timeout: 15_000 })
    .toBeGreaterThan(5);
  await stream.stop();

  expect(stream.sent.filter((s) => ![200, 201, 503].includes(s.status))).toEqual([]);
  // A request that timed out may still have been written once Redis thawed: the page shows what Redis holds.
  await expectPagesShowTheTruth(slug, pages);
});

test('the demo: the server never logs its admin token; its embedded Redis killed comes back by itself with the leaderboard intact, also across a restart', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crowdpulse-demo-'));
  const token = makeAdminToken();
  const demo = await AppProcess.start({
    REDIS_URL: '',
    REDIS_DATA_DIR: dataDir,
    SEED_DEMO: '1',
    ADMIN_TOKEN: token,
    LOG_LEVEL: 'info',
  });
  try {
    // README: only `npm run demo` prints the token (it makes one up); the server logs it at no level.
    expect(demo.output).not.toContain(token);
    const remove = (bearer: string) =>
      fetch(`${demo.baseURL}/api/leaderboard/entries/no-such-entry`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect([(await remove(token)).status, (await remove(`${token}x`)).status]).toEqual([404, 401]);
    const board = async () => {
      const response = await fetch(`${demo.baseURL}/api/leaderboard`);
      return response.ok ? JSON.stringify(await response.json()) : `HTTP ${response.status}`;
    };
    const before = await board();
    expect(JSON.parse(before)).toHaveLength(DEMO_PLAYERS);
    await page.goto(`${demo.baseURL}/leaderboard`);
    const status = page.getByTestId('connection-status');
    await expect(status).toHaveAttribute('data-state', 'live');
    // SIGKILL loses nothing Redis has written to its AOF's files, only what it still buffers (a
    // write it postponed while a background fsync ran): decided on what the files on disk hold.
    const names = (JSON.parse(before) as { name: string }[]).map(({ name }) => name);
    await expect.poll(() => aofHolds(dataDir, names)).toBe(true);

    process.kill(embeddedRedisPid(demo.pid), 'SIGKILL');
    await expect(status).toHaveAttribute('data-state', 'reconnecting');
    await expect(status).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect.poll(board, { timeout: 15_000 }).toBe(before);
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(DEMO_PLAYERS);

    await demo.stop();
    await demo.start();
    expect(await board()).toBe(before);
  } finally {
    await demo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The redis-server the app started: in the app's process group (redis-server renames its own command line). */
function embeddedRedisPid(appGroup: number): number {
  const row = execFileSync('ps', ['-eo', 'pid=,pgid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(([, pgid, comm]) => Number(pgid) === appGroup && comm === 'redis-server');
  if (!row) throw new Error(`no redis-server in process group ${appGroup}`);
  return Number(row[0]);
}

/** Every one of `texts` is in the files of the AOF in `dataDir`, as Redis wrote them. */
function aofHolds(dataDir: string, texts: string[]): boolean {
  const folder = path.join(dataDir, 'appendonlydir');
  if (!existsSync(folder)) return false;
  const written = Buffer.concat(readdirSync(folder).map((file) => readFileSync(path.join(folder, file))));
  return texts.every((text) => written.includes(Buffer.from(text)));
}
