import type { z } from 'zod';
import type { healthSchema } from '@/lib/http/openapi/routes/service';
import { route } from '@/lib/http/route';
import { getRedis } from '@/lib/redis/client';

export const GET = route(async () => {
  await getRedis().ping();
  const body: z.infer<typeof healthSchema> = { ok: true, redis: 'up' };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
});
