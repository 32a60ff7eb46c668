import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardKeys, readTop, type LeaderboardContext } from '../../lib/leaderboard';
import { recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { answerQuestion, startSession, submitSession } from '../../lib/quiz';
import { createRealtimeHub, type RealtimeHub } from '../../lib/realtime/hub';
import { createSubscriber, type RedisClient } from '../../lib/redis/client';
import { isRedisUnavailable, NotReplicatedError } from '../../lib/redis/errors';
import type { LocalClusterHandle } from '../../lib/scale/local-cluster';
import { pausedReplicaOf } from '../paused-replica';
import { usePrivateCluster } from '../private-cluster';
import { createProject, liveContext, testClock, testConnection, uniqueSlug } from '../support';
import { statusRecorder } from './support';
import { newPlayer } from '../quiz/support';

/**
 * Kills masters, so it runs on a cluster of its own (the "cluster" project only): the shared one
 * serves the other test files meanwhile.
 */
describe.runIf(testConnection().mode === 'cluster')('on a master failover', { timeout: 60_000 }, () => {
  const own = usePrivateCluster();
  let cluster: LocalClusterHandle;
  let redis: RedisClient;
  let hub: RealtimeHub;
  const recorder = statusRecorder();
  beforeAll(() => {
    ({ cluster, redis } = own);
    hub = createRealtimeHub(recorder.io, redis, createSubscriber({ mode: 'cluster', nodes: cluster.nodes }));
  });
  afterAll(async () => hub?.close());

  const board = (): LeaderboardContext => ({ redis, keys: boardKeys(`lb-${uniqueSlug()}`), size: 10, now: Date.now });
  /** A session played by a player of its own, submitted as that player (only they may). */
  const playedSession = async (ctx: LeaderboardContext) => {
    const player = newPlayer();
    const session = await startSession(player, ctx);
    await answerQuestion(session.id, { questionId: session.question.id, choice: 0 }, ctx);
    return { id: session.id, player };
  };

  it('a quiz submit no replica confirmed is not acknowledged (a 503), and one that was survives the SIGKILL of its master', async () => {
    const ctx = board();
    const master = await cluster.masterFor(ctx.keys.version);

    const refused = await playedSession(ctx);
    // Stopped, not slept: no acknowledgement can come until it is resumed, however busy the machine.
    const replica = await pausedReplicaOf(cluster, master);
    try {
      await expect(submitSession(refused.id, 'Unconfirmed', refused.player, ctx)).rejects.toBeInstanceOf(
        NotReplicatedError,
      );
    } finally {
      await replica.resume();
    }

    // On a loaded machine a running replica may miss the 250 ms too: then that submit was not
    // acknowledged (a 503, as the player is told); the player plays again until one is.
    let kept = '';
    while (!kept) {
      const { id, player } = await playedSession(ctx);
      if (
        await submitSession(id, 'Acknowledged', player, ctx).then(
          () => true,
          (error) => (error instanceof NotReplicatedError ? false : Promise.reject(error)),
        )
      )
        kept = id;
    }
    await cluster.killNode(master.port, 'SIGKILL');
    await cluster.waitForOk();
    await expect
      .poll(async () => (await readTop(10, ctx).catch(() => null))?.entries.map((entry) => entry.id), {
        timeout: 10_000,
      })
      .toContain(kept);
    // Back as a replica of the promoted one, so that every master has a replica again.
    await cluster.restartNode(master.port);
    await cluster.waitForOk();
  });

  it("a hub watching a project whose master dies resubscribes, tells pages to resync, and hears the project's changes again", async () => {
    const slug = await createProject(redis);
    const received: string[] = [];
    await hub.subscribe(liveEventKeys(slug).changes, (message) => received.push(message)).ready;
    const master = await cluster.masterFor(liveEventKeys(slug).info);
    // Otherwise, on a busy machine, the promoted replica may never have heard of the project.
    await cluster.waitForReplicas();
    recorder.statuses.length = 0;

    await cluster.killNode(master.port, 'SIGKILL');
    // While the slot has no master a write fails fast, as "unavailable" (a 503), or already succeeds.
    const ctx = liveContext(redis, testClock());
    // Settling at all is the point: a queued write would wait for a master that never comes back.
    const during: unknown = await recordContribution(slug, { name: 'During failover', amount: 1 }, ctx).then(
      () => null,
      (error) => error,
    );
    expect(during === null || isRedisUnavailable(during), String(during)).toBe(true);
    await cluster.waitForOk();
    // Down while the subscription moves, then up: every page of this instance reads a fresh snapshot.
    await expect.poll(() => recorder.statuses.at(-1), { timeout: 15_000 }).toBe('up');
    expect(recorder.statuses).toContain('down');

    // Polled as the error's text, so that a failure shows the last one.
    const attempt = () =>
      recordContribution(slug, { name: 'After failover', amount: 3 }, ctx).then(() => 'recorded', String);
    await expect.poll(attempt, { timeout: 10_000 }).toBe('recorded');
    await expect
      .poll(() => received.some((message) => message.includes('After failover')), { timeout: 5_000 })
      .toBe(true);
  });
});

describe.runIf(testConnection().mode === 'cluster')('on a master failover, per channel', { timeout: 60_000 }, () => {
  const own = usePrivateCluster();
  it('resyncs only the pages of the channels whose master died; a channel on another master stays live, unannounced', async () => {
    const { cluster, redis } = own;
    const recorder = statusRecorder();
    const hub = createRealtimeHub(recorder.io, redis, createSubscriber({ mode: 'cluster', nodes: cluster.nodes }));
    try {
      const moved = await createProject(redis);
      const master = await cluster.masterFor(liveEventKeys(moved).info);
      let stayed = await createProject(redis);
      while ((await cluster.masterFor(liveEventKeys(stayed).info)).port === master.port)
        stayed = await createProject(redis);
      const events: Record<string, string[]> = { [moved]: [], [stayed]: [] };
      const subscriptions = [moved, stayed].map((slug) =>
        hub.subscribe(liveEventKeys(slug).changes, () => undefined, {
          interrupted: () => events[slug]!.push('interrupted'),
          resumed: () => events[slug]!.push('resumed'),
        }),
      );
      await Promise.all(subscriptions.map((subscription) => subscription.ready));
      await cluster.waitForReplicas();

      await cluster.killNode(master.port, 'SIGKILL');
      await cluster.waitForOk();
      // Down, then up again: ioredis may reset the moved channel's subscriber twice while the
      // replica takes over, and each reset is announced to that channel's pages alone.
      const settledCycles = (seen: string[]) =>
        seen.length >= 2 &&
        seen.length % 2 === 0 &&
        seen.every((event, i) => event === (i % 2 ? 'resumed' : 'interrupted'));
      await expect.poll(() => settledCycles(events[moved]!), { timeout: 15_000 }).toBe(true);
      expect(events[stayed]).toEqual([]);
      expect(subscriptions.map((subscription) => subscription.live())).toEqual([true, true]);
      subscriptions.forEach((subscription) => subscription.release());
      await cluster.restartNode(master.port);
      await cluster.waitForOk();
    } finally {
      await hub.close();
    }
  });
});

describe.runIf(testConnection().mode === 'cluster')(
  'on a cluster whose master has no replica',
  { timeout: 60_000 },
  () => {
    const own = usePrivateCluster({ masters: 3, replicasPerMaster: 0 });
    let cluster: LocalClusterHandle;
    let redis: RedisClient;
    beforeAll(() => {
      ({ cluster, redis } = own);
    });

    it('a command on the dead slot fails fast as unavailable (a 503), again and again, never queued', async () => {
      const slug = await createProject(redis);
      const master = await cluster.masterFor(liveEventKeys(slug).info);
      await cluster.killNode(master.port, 'SIGKILL');
      const ctx = liveContext(redis, testClock());
      // The killed master is never started again: a queued command would never settle. Decided on
      // the answer, not on a stopwatch that a busy machine moves.
      for (let attempt = 0; attempt < 3; attempt++) {
        const error: unknown = await recordContribution(slug, { name: 'Nobody home', amount: 1 }, ctx).then(
          () => null,
          (failure) => failure,
        );
        expect(isRedisUnavailable(error)).toBe(true);
      }
    });
  },
);
