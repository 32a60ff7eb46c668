import type { Cleanup } from '../bench/support';
import { fuzzRoutes } from '../e2e/support/http-fuzz';
import { Stack } from '../e2e/support/stack';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { sampleProject } from '../tests/sample-project';

const progress = (message: string) => process.stderr.write(`[chaos] ${message}\n`);

/** `noAnswer`: requests that got no answer within 15 s twice in a row (a timeout on a starved machine, or a dropped connection). */
export type FuzzRow = {
  requests: number;
  serverErrors: number;
  noAnswer: number;
  writesOn4xx: number;
  runsPerRoute: number;
};

const RUNS_PER_ROUTE = Number(process.env.CHAOS_FUZZ_RUNS ?? 200);

/** The HTTP fuzzing of e2e/http-fuzz.spec.ts on a stack of its own, as totals. */
export async function fuzzTotals(cleanup: Cleanup): Promise<FuzzRow> {
  progress(`fuzzing every route (${RUNS_PER_ROUTE} requests each)`);
  const stack = await Stack.start({ RATE_LIMIT_PER_MIN: '0', FOLD_WINDOW_MS: '600000', FOLD_MAX_WAIT_MS: '1200000' });
  cleanup.add('fuzz stack', () => stack.stop());
  const redis = createRedis(stack.redisUrl);
  await waitUntilReady(redis);
  cleanup.add('fuzz redis client', async () => redis.disconnect());
  const slug = 'chaos-fuzz';
  await saveProject(sampleProject(slug, 0), Date.now(), redis);
  const post = async (path: string, body?: object, admin = false) =>
    (
      await fetch(stack.baseURL + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(admin ? { authorization: `Bearer ${stack.adminToken}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json() as Promise<{ id: string; question?: { id: string } }>;
  const contribution = await post(`/api/projects/${slug}/contributions`, { name: 'Ana', amount: 5 });
  const news = await post(`/api/projects/${slug}/news`, { title: 'Hi', url: 'https://example.org' }, true);
  const session = await post('/api/quiz/sessions');
  const totals = await fuzzRoutes(
    stack.baseURL,
    redis,
    {
      baseURL: stack.baseURL,
      slug,
      contributionId: contribution.id,
      newsId: news.id,
      sessionId: session.id,
      questionId: session.question!.id,
      adminToken: stack.adminToken,
    },
    RUNS_PER_ROUTE,
  );
  for (const failure of [...totals.unexpected, ...totals.writesOn4xx].slice(0, 10))
    progress(`fuzz finding: ${JSON.stringify(failure)}`);
  return {
    requests: totals.requests,
    serverErrors: totals.unexpected.filter((failure) => failure.status >= 500).length,
    noAnswer: totals.unexpected.filter((failure) => failure.status === 0).length,
    writesOn4xx: totals.writesOn4xx.length,
    runsPerRoute: RUNS_PER_ROUTE,
  };
}
