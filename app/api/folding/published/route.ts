import { z } from 'zod';
import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { metricFolder, toFoldedMetricEvent } from '@/lib/folding/metric-events';

const query = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The latest published folds, newest first. */
export const GET = route(async (request: Request) => {
  const { limit } = parseInput(query, { limit: new URL(request.url).searchParams.get('limit') ?? undefined });
  const folds = await metricFolder().published(limit);
  return Response.json(folds.map(toFoldedMetricEvent), { headers: { 'Cache-Control': 'no-store' } });
});
