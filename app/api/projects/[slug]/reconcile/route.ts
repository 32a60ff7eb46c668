import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { reconcileLedger } from '@/lib/live-events';
import { getRedis } from '@/lib/redis/client';

export const GET = route(
  async (_request: Request, context: SlugParams) =>
    Response.json(await reconcileLedger(await pathSlug(context), getRedis()), {
      headers: { 'Cache-Control': 'no-store' },
    }),
  { admin: true },
);
