import { readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { publishNews } from '@/lib/live-events';
import { newsInputSchema } from '@/lib/live-events/schemas';

export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const input = await readJson(request, newsInputSchema);
    const { id, at, created } = await publishNews(slug, input);
    return Response.json({ id, at }, { status: created ? 201 : 200 });
  },
  { admin: true },
);
