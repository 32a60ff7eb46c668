import { pathSessionId, type SessionParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { requireQuizPlayer } from '@/lib/http/visitor';
import { resumeSession } from '@/lib/quiz';

/** A session as its player left it (a reloaded page): questions, answers so far, score; 403 gone or another's, 409 submitted. */
export const GET = route(async (request: Request, context: SessionParams) => {
  const id = await pathSessionId(context);
  return Response.json(await resumeSession(id, undefined, requireQuizPlayer(request)), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
