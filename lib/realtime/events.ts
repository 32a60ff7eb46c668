import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { LeaderboardChange } from '../leaderboard/types';
import type { CreatorTotals } from '../creators/totals';
import type { FoldedMetricEvent } from '../folding/metric-events';
import type { LiveBatch, LiveChange } from '../live-events/types';
import type { OpsState } from '../ops/types';
import type { FeedChange } from '../feed/schemas';
import type {
  creatorReplySchema,
  feedWatchReplySchema,
  leaderboardWatchReplySchema,
  opsReplySchema,
  redisStatusSchema,
  watchReplySchema,
} from './schemas';

/** Socket.IO events, typed on both ends (the server's socket handlers and the browser's socket client import these types). */
export type WatchReply = z.infer<typeof watchReplySchema>;
export type RedisStatus = z.infer<typeof redisStatusSchema>;
/** Every event of a socket over its budget is answered 'rate-limited' (lib/realtime/socket-limits.ts). */
export type LeaderboardWatchReply = z.infer<typeof leaderboardWatchReplySchema>;
export type OpsReply = z.infer<typeof opsReplySchema>;
export type CreatorReply = z.infer<typeof creatorReplySchema>;
export type FeedWatchReply = z.infer<typeof feedWatchReplySchema>;

export interface ServerToClientEvents {
  /** One change of a project; in a hot project, several arrive together as 'live:changes'. */
  'live:change': (change: LiveChange) => void;
  'live:changes': (batch: LiveBatch) => void;
  'server:status': (status: RedisStatus) => void;
  /** An entry entered a top 100 (pushed only then) or was removed, versioned like live changes. */
  'leaderboard:change': (change: LeaderboardChange) => void;
  /** Folding counters and pending groups, at most every 250 ms, only when they changed. */
  'ops:state': (state: OpsState) => void;
  'ops:published': (fold: FoldedMetricEvent) => void;
  'creator:totals': (totals: CreatorTotals) => void;
  /** A new or changed entry of a project the visitor follows, or one removed. */
  'feed:change': (change: FeedChange) => void;
}

export interface ClientToServerEvents {
  /**
   * Watch a project (and count this tab as a viewer when the handshake carried a signed visitor
   * cookie); answers with a fresh snapshot. Idempotent; watching another project leaves the first.
   */
  'project:watch': (request: { slug: string }, ack: (reply: WatchReply) => void) => void;
  /** Watch the leaderboards; answers with today's, this week's and the all time board, whole. Idempotent. */
  'leaderboard:watch': (ack: (reply: LeaderboardWatchReply) => void) => void;
  /** Watch the folding dashboard; answers with a fresh snapshot. Idempotent. */
  'ops:watch': (ack: (reply: OpsReply) => void) => void;
  /** Watch a creator's totals; answers with the current ones. Watching another creator leaves the first. */
  'creator:watch': (request: { account: string }, ack: (reply: CreatorReply) => void) => void;
  /**
   * Watch the visitor's home feed (the signed cookie's visitor); answers with its first page, then
   * pushes new, changed and removed entries of the projects they follow. Sent again after a follow.
   */
  'feed:watch': (ack: (reply: FeedWatchReply) => void) => void;
}

export type InterServerEvents = Record<string, never>;

export interface SocketData {
  /** From the signed cookie of the handshake; undefined: live, but not counted as a viewer. */
  visitorId?: string;
  /** `joined` resolves true when this tab is counted as a viewer. */
  watching?: { slug: string; joined: Promise<boolean> };
  /** The creator whose totals this socket follows. */
  creator?: string;
}

export const projectRoom = (slug: string) => `project:${slug}`;
export const LEADERBOARD_ROOM = 'leaderboard';
export const OPS_ROOM = 'ops';
export const creatorRoom = (account: string) => `creator:${account}`;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
