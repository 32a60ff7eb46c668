import { NotFoundError } from '../errors';
import {
  limitArgs,
  TIMELINE_SLACK,
  timelineCapFromEnv,
  type TimelineLimits,
  type TimelineRef,
} from '../timeline/config';
import { pageFromReply, readPage, type StoredEntry } from '../timeline/timeline';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { liveEventKeys } from './keys';
import { ACTIVITY_PAGE } from './limits';
import type { ActivityEntry, ActivityPage } from './types';
import { HOUR } from './windows';

/** An idle project's activity timeline expires a month after its last event (every push refreshes it). */
export const ACTIVITY_TTL_MS = 30 * 24 * HOUR;

let limits: TimelineLimits | undefined;

/** TIMELINE_CAP entries (100 by default), trimmed back to it every TIMELINE_SLACK pushes. */
export function activityLimits(): TimelineLimits {
  return (limits ??= { cap: timelineCapFromEnv(), slack: TIMELINE_SLACK, ttlMs: ACTIVITY_TTL_MS });
}

/** Also named in lib/live-events/lua/includes/activity-timeline.lua, which every writing script includes. */
function activityRef(slug: string): TimelineRef {
  const keys = liveEventKeys(slug);
  return { list: keys.activity, seqHash: keys.info, seqField: 'version' };
}

/** Lua arguments of the writing scripts: cap, slack, TTL. */
export const activityArgs = () => limitArgs(activityLimits());
/** The same as a run of the scripts' ARGV: cap, slack, TTL (activity-timeline.lua reads them by place). */
export const activityLimitFields = () => [...activityArgs()];

/** Decodes a stored entry, `[seq, "c", id, at, amount, name]` or `[seq, "n", id, at, title, url]`. */
function activityEntryFromStored([seq, code, id, at, first, second]: StoredEntry): ActivityEntry {
  const common = { seq, id: String(id), at: Number(at) };
  return code === 'c'
    ? { ...common, kind: 'contribution', amount: Number(first), name: String(second) }
    : { ...common, kind: 'news', title: String(first), url: String(second) };
}

export function activityPageFromReply(reply: [0 | 1, ...string[]]): ActivityPage {
  return pageFromReply(reply, activityEntryFromStored);
}

/** A page of a project's activity timeline, newest first, older than `before` (a `seq`) when given. */
export async function readActivity(
  slug: string,
  { limit = ACTIVITY_PAGE.default, before }: { limit?: number; before?: number },
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<ActivityPage> {
  const page = await readPage(ctx.redis, activityRef(slug), { limit, before }, activityEntryFromStored);
  if (!page) throw new NotFoundError('project');
  return page;
}
