import { z } from 'zod';
import { creatorTotalsSchema } from '../creators/schemas';
import { feedPageSchema } from '../feed/schemas';
import { accountIdSchema } from '../folding/metric-events';
import { boardsSchema } from '../leaderboard/schemas';
import { liveSnapshotSchema, slugSchema } from '../live-events/schemas';
import { opsSnapshotSchema } from '../ops/schemas';

/** What clients send; parsed on arrival (a client is never trusted). Any visitorId sent is dropped: the only one trusted is the signed cookie's. */
export const watchRequestSchema = z.object({ slug: slugSchema });
export const creatorWatchRequestSchema = z.object({ account: accountIdSchema });

const failure = <Errors extends [string, ...string[]]>(...errors: Errors) =>
  z.object({ ok: z.literal(false), error: z.enum(errors) });

/** The acknowledgements the server answers with. */
export const watchReplySchema = z.union([
  z.object({ ok: z.literal(true), snapshot: liveSnapshotSchema }),
  failure('invalid', 'not-found', 'unavailable', 'rate-limited'),
]);
export const leaderboardWatchReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    boards: boardsSchema,
    serverTime: z
      .number()
      .int()
      .describe(
        'when the boards were read, ms on the server clock: a page whose HTML was rendered earlier sets its clock by it',
      ),
  }),
  failure('unavailable', 'rate-limited'),
]);
export const opsReplySchema = z.union([
  z.object({ ok: z.literal(true), snapshot: opsSnapshotSchema }),
  failure('unavailable', 'rate-limited'),
]);
export const creatorReplySchema = z.union([
  z.object({ ok: z.literal(true), totals: creatorTotalsSchema }),
  failure('invalid', 'not-found', 'unavailable', 'rate-limited'),
]);

export const feedWatchReplySchema = z.union([
  z.object({ ok: z.literal(true), page: feedPageSchema }),
  failure('no-visitor', 'unavailable', 'rate-limited'),
]);

export const redisStatusSchema = z.object({ redis: z.enum(['up', 'down']) });
