import { route } from '@/lib/http/route';
import { getRedis } from '@/lib/redis/client';

export const GET = route(async () => {
  await getRedis().ping();
  return Response.json({ ok: true, redis: 'up' }, { headers: { 'Cache-Control': 'no-store' } });
});
