import { clientAddress } from '@/lib/http/client-address';
import { HttpError } from '@/lib/http/errors';
import { readJson } from '@/lib/http/body';
import { pathSessionId, type SessionParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { submitSession } from '@/lib/quiz';
import { submitInputSchema } from '@/lib/quiz/schemas';
import { networkIdOf, playerFromCookies } from '@/lib/visitors/player';

/**
 * `{name}` → `{score, player, rank, threshold, ranks, improved}` (`rank` null off the board); a
 * second submit is a 409. The player is the signed visitor cookie (a quiz start sets one): a
 * submit without a valid one is a 403 and writes nothing. The caller's network (its address's
 * limit key) holds at most LEADERBOARD_ROWS_PER_NETWORK rows per board.
 */
export const POST = route(
  async (request: Request, context: SessionParams) => {
    const id = await pathSessionId(context);
    const { name } = await readJson(request, submitInputSchema);
    const player = playerFromCookies(request.headers.get('cookie'));
    if (!player) throw new HttpError(403, 'no_player', 'a submit needs the visitor cookie the quiz start sets: start a quiz with cookies on');
    return Response.json(await submitSession(id, name, player, undefined, networkIdOf(clientAddress(request))));
  },
  { write: true },
);
