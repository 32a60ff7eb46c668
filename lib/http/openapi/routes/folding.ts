import { z } from 'zod';
import { metricEventSchema } from '../../../folding/metric-events';
import { burstSchema, foldAcceptedSchema, foldedMetricEventSchema, foldingStatsSchema, publishedQuerySchema } from '../../../folding/schemas';
import { defineRoutes } from '../contract';

export const foldingRoutes = defineRoutes([
  {
    method: 'post',
    path: '/api/folding/events',
    tag: 'folding',
    summary: 'Send a `post-metric-updated` event, folded per account',
    access: 'write',
    body: { schema: metricEventSchema, example: { id: 'post_42', account_id: 'acct_example', metrics: { likes: 12, shares: 3 } } },
    responses: { 202: { description: 'accepted; published with its group once the group is quiet', json: foldAcceptedSchema } },
  },
  {
    method: 'get',
    path: '/api/folding/stats',
    tag: 'folding',
    summary: 'The folding counters, shared by every instance',
    responses: { 200: { description: 'the counters', json: foldingStatsSchema } },
  },
  {
    method: 'get',
    path: '/api/folding/published',
    tag: 'folding',
    summary: 'The latest published folds, newest first',
    query: publishedQuerySchema,
    responses: { 200: { description: 'the folds', json: z.array(foldedMetricEventSchema) } },
  },
  {
    method: 'post',
    path: '/api/folding/burst',
    tag: 'folding',
    summary: "The ops page's burst: 200 events over 2 s across 4 fresh accounts",
    access: 'write',
    responses: { 202: { description: 'started; the accounts it writes to', json: burstSchema } },
  },
]);
