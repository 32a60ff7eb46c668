import type { z } from 'zod';
import { creatorTotalsSchema } from '../creators/schemas';
import { feedChangeSchema } from '../feed/schemas';
import { foldedMetricEventSchema } from '../folding/schemas';
import { leaderboardChangeSchema } from '../leaderboard/schemas';
import { liveBatchSchema, liveChangeSchema } from '../live-events/schemas';
import { opsStateSchema } from '../ops/schemas';
import type { ClientToServerEvents, ServerToClientEvents } from './events';
import {
  creatorReplySchema,
  feedWatchReplySchema,
  creatorWatchRequestSchema,
  leaderboardWatchReplySchema,
  opsReplySchema,
  redisStatusSchema,
  watchReplySchema,
  watchRequestSchema,
} from './schemas';

type Arguments<Handler> = Handler extends (...args: infer A) => void ? A : never;
type AckReply<Handler> =
  Extract<Arguments<Handler>[number], (reply: never) => void> extends (reply: infer R) => void ? R : never;

/**
 * Every event the server emits, with the schema of its payload. `satisfies` holds this to
 * ServerToClientEvents: an event missing here, or a payload schema that disagrees with the
 * typed event, does not compile. /api/socket-events.json is generated from it.
 */
export const SERVER_EVENTS = {
  'live:change': {
    payload: liveChangeSchema,
    to: 'project:<slug>',
    description:
      'a contribution recorded or cancelled, news published or unpublished, events imported, an event of a kind declared in lib/live-events/kinds.ts alone (versioned), or the viewer count',
  },
  'live:changes': {
    payload: liveBatchSchema,
    to: 'project:<slug>',
    description:
      'the changes of a hot project since its last frame, in version order: at most one frame per 100 ms per project',
  },
  'server:status': {
    payload: redisStatusSchema,
    to: 'every socket',
    description: 'whether Redis is usable; sent on connect and on every change',
  },
  'leaderboard:change': {
    payload: leaderboardChangeSchema,
    to: 'leaderboard',
    description: 'an entry entered one of the three boards (pushed only then), or an admin removed one; versioned',
  },
  'ops:state': {
    payload: opsStateSchema,
    to: 'ops',
    description: 'folding counters and pending groups, at most every 250 ms, only when they changed',
  },
  'ops:published': { payload: foldedMetricEventSchema, to: 'ops', description: 'a fold was published' },
  'creator:totals': {
    payload: creatorTotalsSchema,
    to: 'creator:<account> and ops',
    description: "a creator's totals, recomputed after a fold",
  },
  'feed:change': {
    payload: feedChangeSchema,
    to: 'the watching socket',
    description:
      "a new or changed entry (the hour's backers count moves in place) of a project the visitor follows, or one removed",
  },
} satisfies {
  [E in keyof ServerToClientEvents]: {
    payload: z.ZodType<Arguments<ServerToClientEvents[E]>[0]>;
    to: string;
    description: string;
  };
};

/** Every event a client may emit, with its request and acknowledgement schemas, held to ClientToServerEvents. */
export const CLIENT_EVENTS = {
  'project:watch': {
    request: watchRequestSchema,
    ack: watchReplySchema,
    description: 'watch a project and count this tab as a viewer; acked with a fresh snapshot; idempotent',
  },
  'leaderboard:watch': {
    request: null,
    ack: leaderboardWatchReplySchema,
    description: 'watch the leaderboards; acked with today’s, this week’s and the all time board, whole; idempotent',
  },
  'ops:watch': {
    request: null,
    ack: opsReplySchema,
    description: 'watch the folding dashboard; acked with a fresh snapshot; idempotent',
  },
  'creator:watch': {
    request: creatorWatchRequestSchema,
    ack: creatorReplySchema,
    description: "watch a creator's totals; acked with the current ones",
  },
  'feed:watch': {
    request: null,
    ack: feedWatchReplySchema,
    description: "watch the visitor's home feed; acked with its first page; sent again after a follow",
  },
} satisfies {
  [E in keyof ClientToServerEvents]: {
    request: Arguments<ClientToServerEvents[E]>[0] extends (...args: never[]) => void
      ? null
      : z.ZodType<Arguments<ClientToServerEvents[E]>[0]>;
    ack: z.ZodType<AckReply<ClientToServerEvents[E]>>;
    description: string;
  };
};
