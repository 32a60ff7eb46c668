import type { z } from 'zod';
import type { healthSchema } from '../../http/openapi/routes/service';
import { route } from '../../http/route';
import { getRedis } from '../../redis/client';

/** GET /api/health: a PING, uncounted (HAProxy polls it). */
export const getHealth = route(async () => {
  await getRedis().ping();
  const body: z.infer<typeof healthSchema> = { ok: true, redis: 'up' };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
});
