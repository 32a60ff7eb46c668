import { z } from 'zod';
import { metricEventSchema } from '../../../folding/metric-events';
import {
  burstSchema,
  foldAcceptedSchema,
  foldedMetricEventSchema,
  foldingStatsSchema,
  publishedQuerySchema,
} from '../../../folding/schemas';
import { answers, defineRoutes } from '../contract';

export const foldingRoutes = defineRoutes('folding', [
  {
    method: 'post',
    path: '/api/folding/events',
    summary: 'Send a `post-metric-updated` event, folded per account',
    description: "Admin only, but while the demo's traffic simulator runs (`SIMULATE=1`): then anyone may send one.",
    access: 'admin',
    body: {
      schema: metricEventSchema,
      example: { id: 'post_42', account_id: 'acct_example', metrics: { likes: 12, shares: 3 } },
    },
    responses: answers(202, 'accepted; published with its group once the group is quiet', foldAcceptedSchema),
  },
  {
    method: 'get',
    path: '/api/folding/stats',
    summary: 'The folding counters, shared by every instance',
    responses: answers(200, 'the counters', foldingStatsSchema),
  },
  {
    method: 'get',
    path: '/api/folding/published',
    summary: 'The latest published folds, newest first',
    query: publishedQuerySchema,
    responses: answers(200, 'the folds', z.array(foldedMetricEventSchema)),
  },
  {
    method: 'post',
    path: '/api/folding/burst',
    summary: "The ops page's burst: 200 events over 2 s across 4 fresh accounts",
    description:
      "Admin only, but while the demo's traffic simulator runs (`SIMULATE=1`). One per 10 s per address, and per its /56 and /48.",
    access: 'admin',
    responses: answers(202, 'started; the accounts it writes to', burstSchema),
    errors: {
      409: 'a burst is running already (one at a time across the site): nothing written; Retry-After says when its lease ends',
    },
  },
]);
