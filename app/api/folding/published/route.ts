import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { metricFolder, toFoldedMetricEvent } from '@/lib/folding/metric-events';
import { publishedQuerySchema as query } from '@/lib/folding/schemas';

/** The latest published folds, newest first. */
export const GET = route(async (request: Request) => {
  const { limit } = parseInput(query, { limit: new URL(request.url).searchParams.get('limit') ?? undefined });
  const folds = await metricFolder().published(limit);
  return Response.json(folds.map(toFoldedMetricEvent), { headers: { 'Cache-Control': 'no-store' } });
});
