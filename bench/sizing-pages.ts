import { execFile } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { closeRedis, createRedis, waitUntilReady } from '../lib/redis/client';
import { createAppServer } from '../lib/server/http-server';
import { ensureVisitorSecret } from '../lib/visitors/cookie';
import { commandUsec, fmt, progress, ROOT } from './support';

const VIEWS = 20_000;
const CONNECTIONS = 32;
/** About a real project page's HTML (the demo's, uncompressed). */
const PAGE_BYTES = 60_000;

/** Every command Redis ran, calls inside scripts included, but the bench's own INFO. */
async function commandCalls(redis: ReturnType<typeof createRedis>): Promise<number> {
  let calls = 0;
  for (const [name, { calls: n }] of await commandUsec(redis as never)) if (name !== 'info') calls += n;
  return calls;
}

/**
 * The instance's CPU per view of a shared page already in its page cache, with every per-view
 * step the real server takes (address, read limit, visitor cookie check, CSP header, gzip
 * choice): the app's HTTP server in this process, on `redisUrl`, its page a stub of a project
 * page's size; autocannon in another process sends VIEWS views with a returning visitor's
 * cookie and gzip, CONNECTIONS at a time. The read limit counts but is set too high to refuse.
 */
export async function cachedPageView(
  redisUrl: string,
): Promise<{ viewUs: number; redisCallsPerView: number; details: string }> {
  progress(`sizing: ${fmt.int(VIEWS)} views of a cached page, ${CONNECTIONS} connections from another process`);
  const saved = { ...process.env };
  Object.assign(process.env, { REDIS_URL: redisUrl, RATE_LIMIT_READS_PER_MIN: '1000000000', LOG_LEVEL: 'warn' });
  ensureVisitorSecret();
  const html = `<!DOCTYPE html><html><body>${'<p>crowdpulse</p>'.repeat(PAGE_BYTES / 17)}</body></html>`;
  const server = createAppServer(
    (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  server.httpServer.listen(0, '127.0.0.1');
  await once(server.httpServer, 'listening');
  const url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}/en/leaderboard`;
  const redis = createRedis(redisUrl);
  try {
    await waitUntilReady(redis);
    const first = await fetch(url, { headers: { accept: 'text/html' } });
    await first.text();
    const cookie = first.headers
      .getSetCookie()
      .find((set) => set.startsWith('cp_vid='))
      ?.split(';')[0];
    if (!cookie) throw new Error('the page gave no visitor cookie');
    const cannon = (amount: number) =>
      promisify(execFile)(
        path.join(ROOT, 'node_modules', '.bin', 'autocannon'),
        [
          '--json',
          '-c',
          String(CONNECTIONS),
          '-a',
          String(amount),
          '-H',
          'accept=text/html',
          '-H',
          `cookie=${cookie}`,
          '-H',
          'accept-encoding=gzip',
          url,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      ).then(({ stdout }) => JSON.parse(stdout) as { '2xx': number; non2xx: number });
    await cannon(2_000);
    const callsBefore = await commandCalls(redis);
    const cpuBefore = process.cpuUsage();
    const result = await cannon(VIEWS);
    const cpu = process.cpuUsage(cpuBefore);
    const calls = (await commandCalls(redis)) - callsBefore;
    if (result.non2xx > 0) throw new Error(`${result.non2xx} views were not a 200`);
    const viewUs = (cpu.user + cpu.system) / result['2xx'];
    const redisCallsPerView = calls / result['2xx'];
    return {
      viewUs,
      redisCallsPerView,
      details: `cached page views: ${fmt.int(result['2xx'])} views of a ${fmt.int(PAGE_BYTES / 1_000)} KB page (gzip, a returning visitor's cookie) by autocannon in another process; the server's CPU ${fmt.int((cpu.user + cpu.system) / 1_000)} ms: ${viewUs.toFixed(1)} µs a view; Redis commands a view: ${redisCallsPerView.toFixed(2)} (the read limit's one script, the calls inside it counted)`,
    };
  } finally {
    redis.disconnect();
    await server.close();
    server.httpServer.close();
    await closeRedis();
    process.env = saved;
  }
}
