import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as contribute } from '../../app/api/projects/[slug]/contributions/route';
import { POST as publish } from '../../app/api/projects/[slug]/news/route';
import { PUT as putProject } from '../../app/api/projects/[slug]/route';
import { readLiveSnapshot } from '../../lib/live-events';
import { defaultLiveEventsContext } from '../../lib/live-events/context';
import { getProject } from '../../lib/projects/catalogue';
import { projectKeys } from '../../lib/projects/keys';
import { acknowledged, replicationMark } from '../../lib/redis/acknowledged';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { cli } from '../../lib/scale/redis-node';
import { usePrivateCluster } from '../private-cluster';
import { replicaOf } from '../paused-replica';
import { commandsSentBy, connect, testConnection, uniqueSlug } from '../support';

/**
 * What a 201 promises on a cluster (docs/reliability.md, "What an answer promises"): the write is
 * on a replica, so a master SIGKILLed right after the answer loses nothing once its replica has
 * taken over. The routes run as Next runs them, on a cluster of this block's own (nodes die).
 */
describe.runIf(testConnection().mode === 'cluster')(
  'acknowledged writes survive a failover',
  { timeout: 90_000 },
  () => {
    const own = usePrivateCluster();
    const TOKEN = 'acknowledged-failover-test-token';
    const admin = { authorization: `Bearer ${TOKEN}` };

    beforeAll(async () => {
      delete process.env.REDIS_URL;
      process.env.REDIS_CLUSTER_NODES = own.cluster.seedNodes;
      process.env.ADMIN_TOKEN = TOKEN;
      await closeRedis();
      await waitUntilReady(getRedis());
    });
    afterAll(() => closeRedis());

    const call = <C>(
      handler: (request: Request, context: C) => Promise<Response>,
      path: string,
      method: string,
      body: unknown,
      context: C,
      headers = {},
    ) =>
      handler(
        new Request(`http://app.test${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
        context,
      );
    const slugContext = (slug: string) => ({ params: Promise.resolve({ slug }) });
    /**
     * As a client does with a 503 from an acknowledged write (each is idempotent): sent again until
     * a replica confirms it. A replica still syncing, or a loaded machine, can miss one 250 ms WAIT;
     * what is decided here is what a 2xx promises, not how soon it comes.
     */
    async function untilAcknowledged(send: () => Promise<Response>): Promise<Response> {
      for (let attempt = 1; ; attempt++) {
        const answer = await send();
        if (answer.status !== 503 || attempt === 20) return answer;
      }
    }

    /** The replica of the master serving `key`, with that master. */
    async function masterAndReplica(key: string) {
      const master = await own.cluster.masterFor(key);
      return { master, replica: await replicaOf(own.cluster, master) };
    }

    it('a project, a contribution and a news item answered 201 are all on the replica that takes over when their master is SIGKILLed at once', async () => {
      const slug = uniqueSlug();
      const { master, replica } = await masterAndReplica(projectKeys.info(slug));
      const project = { title: 'Harbour Lights', creator: 'Mina Okafor', creatorAccount: `acc_${slug}`, goal: 5_000 };

      const ok = (response: Response) => expect(response.ok, `answered ${response.status}`).toBe(true);
      ok(
        await untilAcknowledged(() =>
          call(putProject, `/api/projects/${slug}`, 'PUT', project, slugContext(slug), admin),
        ),
      );
      ok(
        await untilAcknowledged(() =>
          call(
            contribute,
            `/api/projects/${slug}/contributions`,
            'POST',
            { id: 'kept-1', name: 'Ada', amount: 250 },
            slugContext(slug),
          ),
        ),
      );
      const news = { id: 'kept-news', title: 'We found a venue', url: 'https://example.org/venue' };
      ok(
        await untilAcknowledged(() =>
          call(publish, `/api/projects/${slug}/news`, 'POST', news, slugContext(slug), admin),
        ),
      );
      await own.cluster.killNode(master.port, 'SIGKILL');

      // Decided on the cluster's own word: the replica is a master now, and every node says ok.
      await own.cluster.waitForOk(30_000);
      expect(await cli(replica.port, 'ROLE')).toMatch(/^master/);
      expect((await own.cluster.masterFor(projectKeys.info(slug))).port).toBe(replica.port);

      expect(await getProject(slug, getRedis())).toMatchObject({ title: 'Harbour Lights', raised: 250 });
      const snapshot = await readLiveSnapshot(slug, defaultLiveEventsContext());
      expect(snapshot.contributors.map((contributor) => contributor.id)).toContain('kept-1');
      expect(snapshot.news.map((item) => item.id)).toContain('kept-news');

      // The killed node rejoins as the new master's replica: every master has one again.
      await own.cluster.restartNode(master.port);
      await own.cluster.waitForOk(30_000);
    });

    it('while its replica is stopped (SIGSTOP) a contribution is not acknowledged: 503; sent again once the replica runs, 200 and kept', async () => {
      const slug = uniqueSlug();
      const project = { title: 'Quiet Garden', creator: 'Ilse Berg', creatorAccount: `acc_${slug}`, goal: 3_000 };
      expect(
        (
          await untilAcknowledged(() =>
            call(putProject, `/api/projects/${slug}`, 'PUT', project, slugContext(slug), admin),
          )
        ).ok,
      ).toBe(true);
      const { replica } = await masterAndReplica(projectKeys.info(slug));
      const pid = Number(/process_id:(\d+)/.exec(await cli(replica.port, 'INFO', 'server'))?.[1]);
      const contribution = { id: 'held-1', name: 'Bo', amount: 40 };

      process.kill(pid, 'SIGSTOP');
      let refused: Response;
      try {
        refused = await call(
          contribute,
          `/api/projects/${slug}/contributions`,
          'POST',
          contribution,
          slugContext(slug),
        );
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: { code: 'unavailable' } });

      // The write itself was done (idempotent by id): sent again, it is acknowledged this time.
      const again = await untilAcknowledged(() =>
        call(contribute, `/api/projects/${slug}/contributions`, 'POST', contribution, slugContext(slug)),
      );
      expect(again.status).toBe(200);
      expect(await getProject(slug, getRedis())).toMatchObject({ raised: 40 });
    });
  },
);

describe.runIf(testConnection().mode === 'single')('acknowledged writes on one Redis', () => {
  it('send the write alone: no mark and no WAIT, since there is no replica to wait for', async () => {
    const redis = await connect();
    const key = `{${uniqueSlug()}}:acknowledged`;
    expect(await commandsSentBy(redis, () => acknowledged([key], () => redis.set(key, 'kept'), redis))).toEqual([
      'set',
    ]);
    expect(await redis.exists(replicationMark(key))).toBe(0);
    redis.disconnect();
  });
});
