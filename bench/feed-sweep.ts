import type { Redis } from 'ioredis';
import type { FeedContext } from '../lib/feed/context';
import { SWEEP_INTERVAL_MS, SWEEP_PAGE, sweepOnce } from '../lib/feed/sweep';
import { catalogueKeys } from '../lib/projects/keys';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import type { Row } from './report';
import { commandUsec, fmt } from './support';

const PROJECTS = 10_000;

/**
 * One pass of the sweep (lib/feed/sweep.ts) over a catalogue of about 10,000 projects, its ticks
 * back to back: the commands and the Redis time it costs (INFO commandstats), and how long it
 * lasts at its tick interval.
 */
export async function measureSweepPass(ctx: FeedContext): Promise<{ row: Row; detail: string }> {
  const redis = ctx.redis as Redis;
  for (let first = 0; first < PROJECTS; first += 100) {
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => saveProject(sampleProject(`bench-sweep-${first + i}`), 0, redis)),
    );
  }
  const projects = await redis.zcard(catalogueKeys.order);
  // From the catalogue's beginning: finish the pass under way, then count the next one.
  while (!(await sweepOnce(ctx, { holder: 'bench' })).passEnded);
  await redis.config('RESETSTAT');
  let ticks = 0;
  const start = process.hrtime.bigint();
  while (ticks++ < projects && !(await sweepOnce(ctx, { holder: 'bench' })).passEnded);
  const busyMs = Number(process.hrtime.bigint() - start) / 1e6;
  const stats = [...(await commandUsec(redis))].filter(([name]) => name !== 'info' && !name.startsWith('config'));
  const calls = stats.reduce((sum, [, { calls }]) => sum + calls, 0);
  // commandstats also counts the commands a script runs: the round trips are the scripts and the page reads.
  const sent = stats
    .filter(([name]) => /^(evalsha|eval)(_ro)?$|^zrangebylex$/.test(name))
    .reduce((sum, [, { calls }]) => sum + calls, 0);
  const usec = stats.reduce((sum, [, { usec }]) => sum + usec, 0);
  const passSeconds = (ticks * SWEEP_INTERVAL_MS + busyMs) / 1_000;
  return {
    row: {
      figure: `sweep for unmarked queues: one pass over ${fmt.int(projects)} projects`,
      measured: `${fmt.int(sent)} round trips (${fmt.int(calls)} commands run), ${fmt.ms(usec / 1_000)} of Redis time, ${ticks} ticks`,
      baseline: `${fmt.int(projects)} projects`,
      ratio: `${(sent / projects).toFixed(2)} round trips a project`,
      target: 'reported',
      met: null,
    },
    detail: `the sweep: ${SWEEP_PAGE} projects a tick, a tick every ${SWEEP_INTERVAL_MS / 1_000} s on one instance; a pass over ${fmt.int(projects)} projects lasts ${passSeconds.toFixed(0)} s (${fmt.ms(busyMs)} of it working)`,
  };
}
