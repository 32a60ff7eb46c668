import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { readTop } from '@/lib/leaderboard';
import { leaderboardQuerySchema as query } from '@/lib/leaderboard/schemas';

/** `[{rank, id, name, score, date}]`, best first, at most 100 (`?limit=` from 1 to 100). */
export const GET = route(async (request: Request) => {
  const { limit } = parseInput(query, { limit: new URL(request.url).searchParams.get('limit') ?? undefined });
  const { entries } = await readTop(limit);
  return Response.json(
    entries.map(({ rank, id, name, score, date }) => ({ rank, id, name, score, date })),
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
