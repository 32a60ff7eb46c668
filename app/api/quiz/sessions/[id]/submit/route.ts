import { readJson } from '@/lib/http/body';
import { pathSessionId, type SessionParams } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { submitSession } from '@/lib/quiz';
import { submitInputSchema } from '@/lib/quiz/schemas';

/** `{name}` → `{score, rank, threshold}` (`rank` null off the board); a second submit is a 409. */
export const POST = route(
  async (request: Request, context: SessionParams) => {
    const id = await pathSessionId(context);
    const { name } = await readJson(request, submitInputSchema);
    return Response.json(await submitSession(id, name));
  },
  { write: true },
);
