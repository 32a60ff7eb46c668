import { Redis as IORedis, type Redis } from 'ioredis';
import { joinProject, recordContribution } from '../lib/live-events';
import type { LiveEventsContext } from '../lib/live-events/context';
import { liveEventKeys } from '../lib/live-events/keys';
import { DEFAULT_WINDOWS, HOUR } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { visitorSettler } from '../lib/realtime/visitor-settler';
import { createRedis, createSubscriber, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import type { FigureResult, Row } from './report';
import { fmt, progress, sleep } from './support';

const JOINS_PER_SECOND = 1_000;
const JOIN_SECONDS = 5;
const AGED_OUT = 1_000_000;
const WRITES_AFTER = 200;

/** The unbounded prune every write ran before (one ZRANGE of every expired member, then ZREM and HDEL): the baseline. */
const UNBOUNDED_PRUNE = `
local expired = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE')
for first = 1, #expired, 1000 do
  local slice = { unpack(expired, first, math.min(first + 999, #expired)) }
  redis.call('ZREM', KEYS[1], unpack(slice))
  for _, member in ipairs(slice) do redis.call('HDEL', KEYS[2], member) end
end
return #expired`;

/**
 * Two Redis-side costs of a hot project, each on a private redis-server:
 * - presence: 1,000 joins a second on one project for 5 s; the viewer-count messages Redis
 *   publishes (counted by a subscriber), against the count's changes (one message each before).
 * - bounded scripts: 1,000,000 contributions age out of the window, then contributions resume;
 *   the longest script in SLOWLOG (every command logged), against the unbounded prune on the same
 *   backlog.
 */
export async function measureHotRedis(): Promise<FigureResult> {
  const presence = await measurePresence();
  const bounded = await measureBoundedScripts();
  return { rows: [presence.row, bounded.row], details: [...presence.details, ...bounded.details] };
}

async function withServer<T>(run: (redis: Redis, url: string) => Promise<T>): Promise<T> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    return await run(redis, server.url);
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

function measurePresence(): Promise<{ row: Row; details: string[] }> {
  return withServer(async (redis, url) => {
    const slug = 'hot-presence';
    await saveProject(sampleProject(slug), Date.now(), redis);
    const subscriber = createSubscriber(url);
    const counts: number[] = [];
    const arrivals: number[] = [];
    subscriber.on('smessage', (_channel: string, message: string) => {
      const change = JSON.parse(message) as { type: string; count?: number };
      if (change.type !== 'visitors-changed') return;
      counts.push(change.count!);
      arrivals.push(Date.now());
    });
    await subscriber.ssubscribe(liveEventKeys(slug).changes);
    const base: LiveEventsContext = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
    const settler = visitorSettler(base);
    const ctx: LiveEventsContext = { ...base, onVisitorsPending: (project) => settler.pending(project) };
    const total = JOINS_PER_SECOND * JOIN_SECONDS;
    progress(`hot: ${fmt.int(total)} joins on one project at ${fmt.int(JOINS_PER_SECOND)}/s`);

    const start = Date.now();
    const joins: Promise<number>[] = [];
    for (let i = 0; i < total; i += 10) {
      const wait = start + (i * 1_000) / JOINS_PER_SECOND - Date.now();
      if (wait > 0) await sleep(wait);
      for (let j = i; j < i + 10; j++) joins.push(joinProject(slug, { visitorId: `visitor-${j}`, tabId: 'tab' }, ctx));
    }
    await Promise.all(joins);
    const end = Date.now();
    const seconds = (end - start) / 1_000;
    await sleep(1_000); // the settle of the last held-back count
    const real = await redis.zcard(liveEventKeys(slug).visitors);
    settler.close();
    await subscriber.quit();

    const during = arrivals.filter((at) => at <= end).length;
    // Publishes a second as the gaps between them: n publishes at most 250 ms apart span (n - 1) gaps.
    const perSecond = (during - 1) / seconds;
    return {
      row: {
        figure: 'presence: 1,000 joins/s on one project → viewer-count publishes',
        measured: `${perSecond.toFixed(1)}/s (${during} in ${seconds.toFixed(1)} s, then ${counts.length - during} settling the last)`,
        baseline: `${fmt.int(total / seconds)}/s (one per change of the count, before)`,
        ratio: fmt.pct(counts.length / total),
        target: '≤ 4/s',
        met: perSecond <= 4 && counts.at(-1) === real,
      },
      details: [
        `presence: ${fmt.int(total)} joins in ${seconds.toFixed(2)} s; ${during} counts published meanwhile, ${counts.length - during} after; the last ${counts.at(-1)} (real count ${real})`,
      ],
    };
  });
}

function measureBoundedScripts(): Promise<{ row: Row; details: string[] }> {
  return withServer(async (redis, url) => {
    const slug = 'hot-backlog';
    await saveProject(sampleProject(slug), Date.now(), redis);
    const keys = liveEventKeys(slug);
    const agedOutAt = Date.now() - DEFAULT_WINDOWS.contributions - HOUR;
    const fill = async () => {
      progress(`hot: ${fmt.int(AGED_OUT)} contributions that left the 24-hour window`);
      for (let first = 0; first < AGED_OUT; first += 1_000) {
        const ids = Array.from({ length: 1_000 }, (_, i) => `old-${first + i}`);
        await redis
          .pipeline()
          .zadd(keys.contributions, ...ids.flatMap((id) => [agedOutAt, id]))
          .hset(keys.contributionDetails, ...ids.flatMap((id) => [id, '[1,"Old"]']))
          .exec();
      }
    };
    // Scripts of 1 ms or more (a lower threshold logs every command inside each script too, which
    // slows them): the longest, and how many took 10 ms or more.
    const slowest = async () => {
      const entries = (await redis.call('SLOWLOG', 'GET', '100000')) as [number, number, number, string[]][];
      const scripts = entries
        .filter(([, , , command]) => /^(evalsha|eval)$/i.test(command[0] ?? ''))
        .map(([, , micros]) => micros / 1_000);
      return {
        over1ms: scripts.length,
        over10ms: scripts.filter((ms) => ms >= 10).length,
        maxMs: Math.max(0, ...scripts),
      };
    };
    await redis.config('SET', 'slowlog-log-slower-than', '1000');
    await redis.config('SET', 'slowlog-max-len', '100000');

    await fill();
    await redis.call('SLOWLOG', 'RESET');
    progress(`hot: ${WRITES_AFTER} contributions resume`);
    const ctx: LiveEventsContext = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
    for (let i = 0; i < WRITES_AFTER; i++) await recordContribution(slug, { name: 'Ada', amount: 1 }, ctx);
    const bounded = await slowest();
    const left = await redis.zcard(keys.contributions);

    await redis.del(keys.contributions, keys.contributionDetails);
    await fill();
    await redis.call('SLOWLOG', 'RESET');
    progress('hot: the unbounded prune on the same backlog (baseline)');
    // Seconds in one script: on a client without the app's 2 s command timeout.
    const patient = new IORedis(url);
    await patient.eval(
      UNBOUNDED_PRUNE,
      2,
      keys.contributions,
      keys.contributionDetails,
      Date.now() - DEFAULT_WINDOWS.contributions,
    );
    patient.disconnect();
    const unbounded = await slowest();

    return {
      row: {
        figure: 'bounded scripts: 1,000,000 members age out, writes resume → longest script',
        measured: `${fmt.ms(bounded.maxMs)} (SLOWLOG max; ${bounded.over1ms} of ${WRITES_AFTER} scripts ≥ 1 ms, ${bounded.over10ms} ≥ 10 ms)`,
        baseline: `${fmt.ms(unbounded.maxMs)} (one unbounded prune)`,
        ratio: fmt.pct(bounded.maxMs / unbounded.maxMs),
        target: '< 10 ms',
        met: bounded.maxMs < 10,
      },
      details: [
        `bounded scripts: ${WRITES_AFTER} contributions after ${fmt.int(AGED_OUT)} aged out: longest ${fmt.ms(bounded.maxMs)}; ${fmt.int(AGED_OUT + WRITES_AFTER - left)} pruned so far, ${fmt.int(left - WRITES_AFTER)} left for later writes`,
        `bounded scripts: the unbounded prune of the same backlog ran ${fmt.ms(unbounded.maxMs)} in one script`,
      ],
    };
  });
}
