import { z } from 'zod';
import { creatorTotalsSchema } from '../creators/schemas';
import { accountIdSchema } from '../folding/metric-events';
import { boardSchema } from '../leaderboard/schemas';
import { liveSnapshotSchema, slugSchema, visitorIdSchema } from '../live-events/schemas';
import { opsSnapshotSchema } from '../ops/schemas';

/** What clients send; parsed on arrival (a client is never trusted). */
export const watchRequestSchema = z.object({ slug: slugSchema, visitorId: visitorIdSchema });
export const creatorWatchRequestSchema = z.object({ account: accountIdSchema });

const failure = <Errors extends [string, ...string[]]>(...errors: Errors) => z.object({ ok: z.literal(false), error: z.enum(errors) });

/** The acknowledgements the server answers with. */
export const watchReplySchema = z.union([
  z.object({ ok: z.literal(true), snapshot: liveSnapshotSchema }),
  failure('invalid', 'not-found', 'unavailable'),
]);
export const leaderboardWatchReplySchema = z.union([z.object({ ok: z.literal(true), board: boardSchema }), failure('unavailable')]);
export const opsReplySchema = z.union([z.object({ ok: z.literal(true), snapshot: opsSnapshotSchema }), failure('unavailable')]);
export const creatorReplySchema = z.union([
  z.object({ ok: z.literal(true), totals: creatorTotalsSchema }),
  failure('invalid', 'not-found', 'unavailable'),
]);

export const redisStatusSchema = z.object({ redis: z.enum(['up', 'down']) });
