import type { Server, Socket } from 'socket.io';
import type { Boards, LeaderboardChange } from '../leaderboard/types';
import type { CreatorTotals } from '../creators/totals';
import type { FoldedMetricEvent } from '../folding/metric-events';
import type { LiveChange, LiveSnapshot } from '../live-events/types';
import type { OpsSnapshot, OpsState } from '../ops/types';

/** Socket.IO events, typed on both ends (server.ts and the browser import these types). */
export type WatchReply =
  | { ok: true; snapshot: LiveSnapshot }
  | { ok: false; error: 'invalid' | 'not-found' | 'unavailable' };

export type RedisStatus = { redis: 'up' | 'down' };

export type LeaderboardWatchReply = { ok: true; boards: Boards } | { ok: false; error: 'unavailable' };
export type OpsReply = { ok: true; snapshot: OpsSnapshot } | { ok: false; error: 'unavailable' };
export type CreatorReply = { ok: true; totals: CreatorTotals } | { ok: false; error: 'invalid' | 'not-found' | 'unavailable' };

export interface ServerToClientEvents {
  'live:change': (change: LiveChange) => void;
  'server:status': (status: RedisStatus) => void;
  /** An entry entered a top 100 (pushed only then) or was removed, versioned like live changes. */
  'leaderboard:change': (change: LeaderboardChange) => void;
  /** Folding counters and pending groups, at most every 250 ms, only when they changed. */
  'ops:state': (state: OpsState) => void;
  'ops:published': (fold: FoldedMetricEvent) => void;
  'creator:totals': (totals: CreatorTotals) => void;
}

export interface ClientToServerEvents {
  /** Watch a project (and count this tab as a viewer); answers with a fresh snapshot. Idempotent. */
  'project:watch': (request: { slug: string; visitorId: string }, ack: (reply: WatchReply) => void) => void;
  /** Watch the leaderboards; answers with today's, this week's and the all time board, whole. Idempotent. */
  'leaderboard:watch': (ack: (reply: LeaderboardWatchReply) => void) => void;
  /** Watch the folding dashboard; answers with a fresh snapshot. Idempotent. */
  'ops:watch': (ack: (reply: OpsReply) => void) => void;
  /** Watch a creator's totals; answers with the current ones. */
  'creator:watch': (request: { account: string }, ack: (reply: CreatorReply) => void) => void;
}

export type InterServerEvents = Record<string, never>;

export interface SocketData {
  watching?: { slug: string; visitorId: string; joined: Promise<unknown> };
}

export const projectRoom = (slug: string) => `project:${slug}`;
export const LEADERBOARD_ROOM = 'leaderboard';
export const OPS_ROOM = 'ops';
export const creatorRoom = (account: string) => `creator:${account}`;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
