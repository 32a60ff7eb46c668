import { pathSessionId, type SessionParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { resumeSession } from '@/lib/quiz';

/** A session as its player left it (a reloaded page): questions, answers so far, score; 404 gone, 409 submitted. */
export const GET = route(async (_request: Request, context: SessionParams) =>
  Response.json(await resumeSession(await pathSessionId(context)), { headers: { 'Cache-Control': 'no-store' } }),
);
