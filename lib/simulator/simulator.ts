import { projectWriteContext } from '../creators/project-writes';
import { configuredFeed } from '../feed/config';
import { follow } from '../feed/follows';
import {
  cancelContribution,
  heartbeatVisitors,
  joinProject,
  leaveProject,
  publishNews,
  recordContribution,
} from '../live-events';
import type { LiveEventsContext } from '../live-events/context';
import { heartbeatInterval } from '../live-events/windows';
import { newId } from '../ids';
import { defaultLeaderboardContext } from '../leaderboard';
import { log } from '../log';
import { listSlugs } from '../projects/catalogue';
import { BACKER_NAMES, NEWS_TITLES } from '../projects/demo-names';
import { between, pick } from './chance';
import { playSimulatedQuiz } from './quiz-players';

/** Simulated visitors who follow a project each from the start. */
const SIMULATED_FOLLOWERS = 40;
const AMOUNTS = [5, 10, 10, 15, 20, 25, 25, 30, 50, 50, 75, 100, 150, 250, 500];
/** The simulator animates the first projects of the listing: the demo's, not every one of a bench's 100,000. */
const SIMULATED_PROJECTS = 1_000;

/**
 * Believable traffic for the demo, written through the same lib/ calls as the API: a
 * contribution every couple of seconds somewhere, now and then news, simulated viewers arriving
 * and leaving, and a quiz player finishing every few seconds. Stopping it takes its viewers away.
 */
export function startSimulator(ctx: LiveEventsContext): { stop(): Promise<void> } {
  const viewers = new Map<string, Set<string>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const every = (minMs: number, maxMs: number, action: () => Promise<unknown>) => {
    const schedule = () => {
      const timer = setTimeout(
        async () => {
          timers.delete(timer);
          await action().catch((error: Error) => log.debug({ err: error.message }, 'simulator step failed'));
          if (!stopped) schedule();
        },
        between(minMs, maxMs),
      );
      timers.add(timer);
    };
    schedule();
  };

  // The catalogue rarely changes: read (its first SIMULATED_PROJECTS) once a minute, not on every simulated event.
  let catalogue: { slugs: string[]; readAt: number } | undefined;
  const slugs = async () => {
    if (!catalogue || Date.now() - catalogue.readAt > 60_000) {
      catalogue = { slugs: await listSlugs(SIMULATED_PROJECTS, ctx.redis), readAt: Date.now() };
    }
    return catalogue.slugs;
  };

  // Simulated visitors follow projects, so the fan-out works and followers' feeds fill in the
  // demo: a fixed crowd at start (the same ids after a restart), then some of the viewers below.
  const feed = { redis: ctx.redis, config: ctx.feed ?? configuredFeed(), now: ctx.now };
  void (async () => {
    const all = await slugs();
    for (let i = 0; i < SIMULATED_FOLLOWERS; i++) await follow(feed, `sim-follower-${i}`, all[i % all.length]!);
  })().catch((error: Error) => log.debug({ err: error.message }, 'simulated follows failed'));

  // Contributions are the app's writes: the creator's metric event follows each (project-writes.ts).
  const writes = projectWriteContext(ctx);
  every(800, 3_500, async () => {
    const slug = pick(await slugs());
    const { id } = await recordContribution(slug, { name: pick(BACKER_NAMES), amount: pick(AMOUNTS) }, writes);
    // Rarely a payment bounces, so the demo shows cancellations too.
    if (Math.random() < 0.03)
      setTimeout(() => void cancelContribution(slug, id, writes).catch(() => undefined), 20_000);
  });

  every(60_000, 150_000, async () => {
    const slug = pick(await slugs());
    await publishNews(slug, { title: pick(NEWS_TITLES), url: `https://example.org/${slug}/updates/${newId()}` }, ctx);
  });

  every(1_500, 6_000, async () => {
    const slug = pick(await slugs());
    const present = viewers.get(slug) ?? new Set<string>();
    viewers.set(slug, present);
    if (present.size > 2 && Math.random() < 0.45) {
      const visitor = pick([...present]);
      present.delete(visitor);
      await leaveProject(slug, { visitorId: visitor, tabId: 'sim' }, ctx);
    } else if (present.size < 14) {
      const visitor = `sim-${newId()}`;
      present.add(visitor);
      await joinProject(slug, { visitorId: visitor, tabId: 'sim' }, ctx);
      if (Math.random() < 0.3) await follow(feed, visitor, slug);
    }
  });

  const board = { ...defaultLeaderboardContext(), redis: ctx.redis, now: ctx.now };
  every(4_000, 15_000, () => playSimulatedQuiz(board));

  every(heartbeatInterval(ctx.windows), heartbeatInterval(ctx.windows), async () => {
    for (const [slug, present] of viewers) {
      await heartbeatVisitors(
        slug,
        [...present].map((visitorId) => ({ visitorId, tabId: 'sim' })),
        ctx,
      );
    }
  });

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const [slug, present] of viewers) {
        for (const visitorId of present)
          await leaveProject(slug, { visitorId, tabId: 'sim' }, ctx).catch(() => undefined);
      }
    },
  };
}
