import { NotFoundError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { boardKeys, entryIdSchema, removeEntry } from '@/lib/leaderboard';
import { acknowledged } from '@/lib/redis/acknowledged';

type Params = { params: Promise<{ id: string }> };

/** Admin: takes an entry off every board it is on (its string too); every open board drops it live. `{id}`, or 404. */
export const DELETE = route(
  async (_request: Request, { params }: Params) => {
    const { id } = await params;
    if (!entryIdSchema.safeParse(id).success) throw new NotFoundError('leaderboard entry');
    await acknowledged([boardKeys().version], () => removeEntry(id));
    return Response.json({ id });
  },
  { admin: true },
);
