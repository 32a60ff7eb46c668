import { readJson } from '@/lib/http/body';
import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { recordEvent } from '@/lib/live-events';
import { shares } from '@/lib/live-events/kinds';
import { shareInputSchema } from '@/lib/live-events/schemas';

/** A share of the project's link (the page's Share button): the `shares` kind, one round trip. */
export const POST = route(
  async (request: Request, context: SlugParams) => {
    const slug = await pathSlug(context);
    const input = await readJson(request, shareInputSchema);
    const { id, at, created } = await recordEvent(slug, [shares], input);
    return Response.json({ id, at }, { status: created ? 201 : 200 });
  },
  { write: true },
);
