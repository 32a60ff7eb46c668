import { clientAddress } from '@/lib/http/client-address';
import { readJson } from '@/lib/http/body';
import { pathSessionId, type SessionParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { submitSession } from '@/lib/quiz';
import { requireQuizPlayer } from '@/lib/http/visitor';
import { submitInputSchema } from '@/lib/quiz/schemas';
import { networksOf } from '@/lib/visitors/player';

/**
 * `{name}` → `{score, player, rank, threshold, ranks, improved}` (`rank` null off the board); a
 * second submit is a 409. The player is the signed visitor cookie (a quiz start sets one): a
 * submit without a valid one, or by another player than the one who started the session (or of
 * none), is a 403 and writes nothing. The caller's network (its address's
 * limit key, and for IPv6 its /56 and /48 too) holds at most LEADERBOARD_ROWS_PER_NETWORK rows per
 * board (the /56 twice, the /48 four times as many).
 */
export const POST = route(
  async (request: Request, context: SessionParams) => {
    const id = await pathSessionId(context);
    const { name } = await readJson(request, submitInputSchema);
    const player = requireQuizPlayer(request);
    return Response.json(await submitSession(id, name, player, undefined, networksOf(clientAddress(request))));
  },
  { write: true },
);
