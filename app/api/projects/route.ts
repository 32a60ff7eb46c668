import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { readCataloguePage, readEndingSoon } from '@/lib/projects/catalogue';
import { catalogueQuerySchema as query } from '@/lib/projects/schemas';

/** `?limit=&after=&order=`: a page of the catalogue (or of the campaigns ending soon), a JSON array; the next page is in `Link: <…>; rel="next"`. */
export const GET = route(async (request: Request) => {
  const url = new URL(request.url);
  const { limit, after, order } = parseInput(query, {
    limit: url.searchParams.get('limit') ?? undefined,
    after: url.searchParams.get('after') ?? undefined,
    order: url.searchParams.get('order') ?? undefined,
  });
  const { projects, next } =
    order === 'ending'
      ? await readEndingSoon({ limit, after, now: Date.now() })
      : await readCataloguePage({ limit, after });
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const more = { limit: String(limit), ...(order === 'ending' ? { order } : {}), after: next };
  if (next) headers.Link = `</api/projects?${new URLSearchParams(more as Record<string, string>)}>; rel="next"`;
  return Response.json(projects, { headers });
});
