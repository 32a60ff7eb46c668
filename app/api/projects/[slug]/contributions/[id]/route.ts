import { projectWriteContext } from '@/lib/creators/project-writes';
import { pathSlugAndId, type SlugAndIdParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { cancelContribution } from '@/lib/live-events';

export const DELETE = route(
  async (_request: Request, context: SlugAndIdParams) => {
    const { slug, id } = await pathSlugAndId(context);
    return Response.json({ id, cancelled: true, ...(await cancelContribution(slug, id, projectWriteContext())) });
  },
  { admin: true },
);
