import { z } from 'zod';
import { parseInput } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { BOARD_SIZE, readTop } from '@/lib/leaderboard';

const query = z.object({ limit: z.coerce.number().int().min(1).max(BOARD_SIZE).default(BOARD_SIZE) });

/** `[{rank, id, name, score, date}]`, best first, at most 100 (`?limit=` from 1 to 100). */
export const GET = route(async (request: Request) => {
  const { limit } = parseInput(query, { limit: new URL(request.url).searchParams.get('limit') ?? undefined });
  const { entries } = await readTop(limit);
  return Response.json(
    entries.map(({ rank, id, name, score, date }) => ({ rank, id, name, score, date })),
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
