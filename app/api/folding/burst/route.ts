import { route } from '@/lib/http/route';
import { fireBurst } from '@/lib/folding/burst';
import { metricFolder } from '@/lib/folding/metric-events';

/** The ops page's "Fire a burst": 200 events over 2 s across 4 fresh accounts, sent from the server. */
export const POST = route(async () => Response.json(fireBurst(metricFolder()), { status: 202 }), { write: true });
