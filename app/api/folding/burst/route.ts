import { route } from '@/lib/http/route';
import { limitBursts } from '@/lib/http/rate-limit';
import { fireBurst } from '@/lib/folding/burst';
import { metricFolder } from '@/lib/folding/metric-events';

/** The ops page's "Fire a burst": 200 events over 2 s across 4 fresh accounts, sent from the server; one per address per 10 s. */
export const POST = route(
  async (request) => {
    await limitBursts(request);
    return Response.json(fireBurst(metricFolder()), { status: 202 });
  },
  { write: true },
);
