import { readJson } from '@/lib/http/body';
import { requireAdmin } from '@/lib/http/admin';
import { route } from '@/lib/http/route';
import { metricEventSchema, metricFolder } from '@/lib/folding/metric-events';
import { setting } from '../../../../lib/config';

/**
 * A `post-metric-updated` event: 202, folded later; `folded` says whether its group was pending
 * already. The admin's (an account name is listed on /ops as sent), but while the demo's simulator
 * runs (SIMULATE=1), whose visitors play the event source.
 */
export const POST = route(
  async (request: Request) => {
    if (!setting('SIMULATE')) await requireAdmin(request);
    const event = await readJson(request, metricEventSchema);
    const folded = await metricFolder().fold(event, Date.now());
    return Response.json({ folded }, { status: 202 });
  },
  { write: true },
);
