import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { readCataloguePage } from '@/lib/projects/catalogue';
import { catalogueQuerySchema as query } from '@/lib/projects/schemas';

/** `?limit=&after=`: a page of the catalogue, a JSON array; the next page is in `Link: <…>; rel="next"`. */
export const GET = route(async (request: Request) => {
  const url = new URL(request.url);
  const { limit, after } = parseInput(query, {
    limit: url.searchParams.get('limit') ?? undefined,
    after: url.searchParams.get('after') ?? undefined,
  });
  const { projects, next } = await readCataloguePage({ limit, after });
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (next) headers.Link = `</api/projects?${new URLSearchParams({ limit: String(limit), after: next })}>; rel="next"`;
  return Response.json(projects, { headers });
});
