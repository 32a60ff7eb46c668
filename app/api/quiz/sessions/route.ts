import { limitQuizStarts } from '@/lib/http/rate-limit';
import { route } from '@/lib/http/route';
import { requirePlayer } from '@/lib/http/visitor';
import { startSession } from '@/lib/quiz';
import { playerIdOf } from '@/lib/visitors/player';

/**
 * 201 `{id, total, question: {id, text, choices}, expiresAt}`: the first question only, no answers.
 * The player is the visitor cookie (given with this answer when the request had none), stored as
 * its public id: only that player may submit the session. Their open session, if any, ends.
 */
export const POST = route(
  async (request: Request) => Response.json(await startSession(playerIdOf(requirePlayer(request))), { status: 201 }),
  { write: true, limit: limitQuizStarts },
);
