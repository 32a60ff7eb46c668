import { pathSlugAndId, type SlugAndIdParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { unpublishNews } from '@/lib/live-events';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

export const DELETE = route(
  async (_request: Request, context: SlugAndIdParams) => {
    const { slug, id } = await pathSlugAndId(context);
    await acknowledged([projectKeys.info(slug)], () => unpublishNews(slug, id));
    return Response.json({ id, unpublished: true });
  },
  { admin: true },
);
