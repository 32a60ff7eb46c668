import { pathSlugAndId, type SlugAndIdParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { unpublishNews } from '@/lib/live-events';

export const DELETE = route(
  async (_request: Request, context: SlugAndIdParams) => {
    const { slug, id } = await pathSlugAndId(context);
    await unpublishNews(slug, id);
    return Response.json({ id, unpublished: true });
  },
  { admin: true },
);
