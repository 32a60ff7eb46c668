import { requireAdmin } from '@/lib/http/admin';
import { HttpError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { limitBursts } from '@/lib/http/rate-limit';
import { BurstRunningError, fireBurst } from '@/lib/folding/burst';
import { metricFolder } from '@/lib/folding/metric-events';
import { setting } from '../../../../lib/config';

/**
 * The ops page's "Fire a burst": 200 events over 2 s across 4 fresh accounts, sent from the
 * server; one per address per 10 s (429), and one at a time across the site: while one runs,
 * a 409 with Retry-After (seconds until its lease ends). The admin's, as fold events are, but while
 * the demo's simulator runs (SIMULATE=1).
 */
export const POST = route(
  async (request) => {
    if (!setting('SIMULATE')) await requireAdmin(request);
    await limitBursts(request);
    const burst = await fireBurst(metricFolder()).catch((error: unknown) => {
      if (!(error instanceof BurstRunningError)) throw error;
      throw new HttpError(409, 'burst_running', error.message, undefined, {
        'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)),
      });
    });
    return Response.json(burst, { status: 202 });
  },
  { write: true },
);
