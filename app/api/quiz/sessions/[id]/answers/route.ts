import { readJson } from '@/lib/http/body';
import { pathSessionId, type SessionParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { answerQuestion } from '@/lib/quiz';
import { answerInputSchema } from '@/lib/quiz/schemas';

/** `{questionId, choice}` → `{correct, answer, explanation, score}`; a second answer is a 409. */
export const POST = route(
  async (request: Request, context: SessionParams) => {
    const id = await pathSessionId(context);
    return Response.json(await answerQuestion(id, await readJson(request, answerInputSchema)));
  },
  { write: true },
);
