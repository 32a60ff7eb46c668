import { NotFoundError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { boardKeys, hidePlayer, playerIdSchema, readPlayerStanding } from '@/lib/leaderboard';
import { acknowledged } from '@/lib/redis/acknowledged';

type Params = { params: Promise<{ player: string }> };

async function pathPlayer({ params }: Params): Promise<string> {
  const { player } = await params;
  if (!playerIdSchema.safeParse(player).success) throw new NotFoundError('player');
  return player;
}

/**
 * Where a player stands on today's, this week's and the all time board: their best, the exact
 * rank on a board that holds their row, and for anyone off the top 100 a rank range and a
 * percentile from the board's score histogram.
 */
export const GET = route(async (_request: Request, context: Params) =>
  Response.json(await readPlayerStanding(await pathPlayer(context)), { headers: { 'Cache-Control': 'no-store' } }),
);

/** Admin: hides a player: their rows leave every board (open boards drop them live) and their later submits stay off. `{player, removed}`. */
export const DELETE = route(
  async (_request: Request, context: Params) => {
    const player = await pathPlayer(context);
    return Response.json({ player, removed: await acknowledged([boardKeys().version], () => hidePlayer(player)) });
  },
  { admin: true },
);
