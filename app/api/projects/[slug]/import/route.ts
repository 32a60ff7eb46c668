import { emitProjectMetrics } from '@/lib/creators/metric-events';
import { readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { importEvents } from '@/lib/live-events';
import { importInputSchema } from '@/lib/live-events/schemas';

export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const { events } = await readJson(request, importInputSchema);
    const result = await importEvents(slug, events);
    if (result.imported > 0) await emitProjectMetrics(slug, { contributions: result.imported });
    return Response.json(result);
  },
  { admin: true },
);
