import { projectWriteContext } from '@/lib/creators/project-writes';
import { pathSlugAndId, type SlugAndIdParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { cancelContribution } from '@/lib/live-events';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

export const DELETE = route(
  async (_request: Request, context: SlugAndIdParams) => {
    const { slug, id } = await pathSlugAndId(context);
    return Response.json({
      id,
      cancelled: true,
      ...(await acknowledged([projectKeys.info(slug)], () => cancelContribution(slug, id, projectWriteContext()))),
    });
  },
  { admin: true },
);
