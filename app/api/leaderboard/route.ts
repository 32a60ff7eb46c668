import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { readTop } from '@/lib/leaderboard';
import { leaderboardQuerySchema as query } from '@/lib/leaderboard/schemas';

/** `[{rank, id, player, name, score, date}]`, best first, at most 100 (`?limit=` 1 to 100), of `?period=day|week|all` (default all). */
export const GET = route(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const { limit, period } = parseInput(query, {
    limit: params.get('limit') ?? undefined,
    period: params.get('period') ?? undefined,
  });
  const { entries } = await readTop(limit, undefined, period);
  return Response.json(
    entries.map(({ rank, id, player, name, score, date }) => ({ rank, id, player, name, score, date })),
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
