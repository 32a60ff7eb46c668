import { readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { publishNews } from '@/lib/live-events';
import { newsInputSchema } from '@/lib/live-events/schemas';
import { projectKeys } from '@/lib/projects/keys';
import { acknowledged } from '@/lib/redis/acknowledged';

export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const input = await readJson(request, newsInputSchema);
    const { id, at, created } = await acknowledged([projectKeys.info(slug)], () => publishNews(slug, input));
    return Response.json({ id, at }, { status: created ? 201 : 200 });
  },
  { admin: true },
);
