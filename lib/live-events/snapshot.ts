import { NotFoundError } from '../errors';
import { projectKeys } from '../projects/keys';
import { activityPageFromReply } from './activity';
import { defaultLiveEventsContext, kindsOf, type LiveEventsContext } from './context';
import { kindKeys, liveEventKeys } from './keys';
import { windowOf, type KindDescriptor } from './kinds';
import { ACTIVITY_PAGE } from './limits';
import type { LiveSnapshot } from './types';
import { readLiveSnapshot as readScript, type RawKind } from './scripts';

/** A kind's part of a snapshot, by shape: a counter's count and oldest times, a list's newest members, a presence count. */
export type KindPart = Counter | Member[] | { count: number };
/** A counter kind's part: its count, and its oldest times (all of them when `expiringComplete`), to count down. */
export type Counter = { count: number; expiring: number[]; expiringComplete: boolean };
/** A member of a list kind: its id, its time and what it carries (kinds.ts). */
export type Member = { id: string; at: number; [carried: string]: string | number };

/**
 * The live state of a project as of now, in one round trip (a read-only script), with one part
 * per kind (kinds.ts, or `ctx.kinds`). Details are stored as JSON arrays (`[title, url]`), not objects:
 * without the field names a project's details take about 40 % less memory. A contribution's are
 * shorter still, `amount|name` (docs/benchmarks.md#memory); read either way (carried below).
 * `expiringLimit` overrides the counters' number of oldest times (the expiry keeper reads more).
 */
export async function readLiveSnapshot(
  slug: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
  expiringLimit?: number,
): Promise<LiveSnapshot> {
  const now = ctx.now();
  const { windows } = ctx;
  const kinds = kindsOf(ctx);
  const { info, activity: activityKey } = liveEventKeys(slug);
  const kindSpecs = kinds.flatMap((kind) => [
    kind.shape,
    windowOf(windows, kind),
    kind.shape === 'counter' ? (expiringLimit ?? kind.snapshotLimit) : kind.snapshotLimit,
  ]);
  const raw = await readScript.run(
    ctx.redis,
    {
      info,
      activity: activityKey,
      holds: projectKeys.holds(slug),
      kinds: kinds.flatMap((kind) => kindKeys(slug, kind)),
    },
    { now, activityLimit: ACTIVITY_PAGE.default, clockShift: ctx.clockShift?.() ?? 0, kindSpecs },
  );
  if (!raw) throw new NotFoundError('project');
  const [raised, version, backers, endsAt, goal, tiers, activity, ...parts] = raw;
  const byKind = Object.fromEntries(kinds.map((kind, i) => [kind.name, kindPart(kind, parts[i]!)]));
  const end = campaignEndAt(
    { endsAt: endsAt === '' ? null : Number(endsAt), goal: Number(goal), raised: Number(raised) },
    now,
  );
  return {
    slug,
    serverTime: now,
    windows,
    version: Number(version),
    raised: Number(raised),
    backers: Number(backers),
    ...end,
    tiers: tiersOf(tiers),
    ...byKind,
    activity: activityPageFromReply(activity),
  } as LiveSnapshot;
}

type StoredTier = {
  id: string;
  title: string;
  description?: string;
  minimum: number;
  limit?: number;
  claimed: number;
  holds?: number[] | Record<string, never>;
};

/** cjson writes an empty list as `{}`. */
export const holdTimes = (holds: unknown): number[] => (Array.isArray(holds) ? holds.map(Number) : []);

/** The tiers with their places: `left` null when unlimited; a limited tier's standing holds' expiry times, for pages to age. */
function tiersOf(json: string) {
  return (JSON.parse(json) as StoredTier[]).map(({ id, title, description = '', minimum, limit, claimed, holds }) => {
    const expiring = holdTimes(holds);
    return {
      id,
      title,
      description,
      minimum,
      limit: limit ?? null,
      claimed,
      held: expiring.length,
      holds: expiring,
      left: limit === undefined ? null : Math.max(0, limit - claimed - expiring.length),
    };
  });
}

/** Whether the campaign has ended at `now` (the server's clock), and how: funded when `raised` reached `goal`. */
export function campaignEndAt(
  { endsAt, goal, raised }: { endsAt: number | null; goal: number; raised: number },
  now: number,
) {
  const ended = endsAt !== null && now >= endsAt;
  return {
    endsAt,
    goal,
    ended,
    outcome: ended ? (raised >= goal ? ('funded' as const) : ('not_funded' as const)) : null,
  };
}

/** What a member carries: a JSON array, or `<integer>|<the rest>` (a contribution's amount and name). */
function carried(stored: string): (string | number)[] {
  if (stored.startsWith('[')) return JSON.parse(stored) as (string | number)[];
  const bar = stored.indexOf('|');
  return [Number(stored.slice(0, bar)), stored.slice(bar + 1)];
}

function kindPart(kind: KindDescriptor, raw: RawKind): KindPart {
  if (kind.shape === 'presence') return { count: raw as number };
  if (kind.shape === 'counter') {
    const [count, oldest] = raw as [number, string[]];
    return { count, expiring: oldest.map(Number), expiringComplete: count <= oldest.length };
  }
  const flat = raw as string[];
  const fields = Object.keys(kind.carries);
  const members: Member[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const values = carried(flat[i + 2]!);
    members.push({
      id: flat[i]!,
      ...Object.fromEntries(fields.map((field, f) => [field, values[f]!])),
      at: Number(flat[i + 1]),
    });
  }
  return members;
}
