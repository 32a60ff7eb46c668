import { NotFoundError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { hidePlayer, playerIdSchema } from '@/lib/leaderboard';

type Params = { params: Promise<{ player: string }> };

async function pathPlayer({ params }: Params): Promise<string> {
  const { player } = await params;
  if (!playerIdSchema.safeParse(player).success) throw new NotFoundError('player');
  return player;
}

/** Admin: hides a player: their rows leave every board (open boards drop them live) and their later submits stay off. `{player, removed}`. */
export const DELETE = route(
  async (_request: Request, context: Params) => {
    const player = await pathPlayer(context);
    return Response.json({ player, removed: await hidePlayer(player) });
  },
  { admin: true },
);
