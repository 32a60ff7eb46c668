import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { metricEventSchema, metricFolder } from '@/lib/folding/metric-events';

/** A `post-metric-updated` event: 202, folded later; `folded` says whether its group was pending already. */
export const POST = route(
  async (request: Request) => {
    const event = await readJson(request, metricEventSchema);
    const folded = await metricFolder().fold(event, Date.now());
    return Response.json({ folded }, { status: 202 });
  },
  { write: true },
);
