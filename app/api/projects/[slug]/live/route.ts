import { pathSlug, type SlugParams } from '@/lib/server/path-params';
import { route } from '@/lib/http/route';
import { readLiveSnapshot } from '@/lib/live-events';

export const GET = route(async (_request: Request, context: SlugParams) =>
  Response.json(await readLiveSnapshot(await pathSlug(context)), { headers: { 'Cache-Control': 'no-store' } }),
);
