import { readJson } from '@/lib/http/body';
import { pathSessionId, type SessionParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { requireQuizPlayer } from '@/lib/http/visitor';
import { answerQuestion } from '@/lib/quiz';
import { answerInputSchema } from '@/lib/quiz/schemas';

/** `{questionId, choice}` → `{correct, answer, explanation, score}`; a second answer is a 409; another player's session, or none, a 403. */
export const POST = route(
  async (request: Request, context: SessionParams) => {
    const id = await pathSessionId(context);
    const player = requireQuizPlayer(request);
    return Response.json(await answerQuestion(id, await readJson(request, answerInputSchema), undefined, player));
  },
  { write: true },
);
