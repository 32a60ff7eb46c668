import { emitProjectMetrics } from '@/lib/creators/metric-events';
import { pathSlugAndId, type SlugAndIdParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { cancelContribution } from '@/lib/live-events';

export const DELETE = route(
  async (_request: Request, context: SlugAndIdParams) => {
    const { slug, id } = await pathSlugAndId(context);
    const { count, raised } = await cancelContribution(slug, id);
    await emitProjectMetrics(slug, { raised, contributions: count });
    return Response.json({ id, cancelled: true, count, raised });
  },
  { admin: true },
);
