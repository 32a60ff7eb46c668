import type { z } from 'zod';
import type { RedisClient } from '../redis/client';
import { windowScores } from '../live-events/kinds';
import { liveEventKeys } from '../live-events/keys';
import { slugsOfCreator } from '../projects/catalogue';
import { projectKeys } from '../projects/keys';
import { creatorKeys } from './keys';
import { saveTotals } from './scripts';
import { DEFAULT_CURRENCY } from '../projects/schemas';
import type { creatorProjectSchema, creatorTotalsSchema, raisedInSchema } from './schemas';

export type CreatorProject = z.infer<typeof creatorProjectSchema>;
export type RaisedIn = z.infer<typeof raisedInSchema>;

/** The projects' money summed per currency, most raised first: euros and dollars are never added up. */
export function raisedByCurrency(projects: Pick<CreatorProject, 'raised' | 'currency'>[]): RaisedIn[] {
  const sums = new Map<string, number>();
  for (const { currency, raised } of projects) sums.set(currency, (sums.get(currency) ?? 0) + raised);
  return [...sums]
    .map(([currency, raised]) => ({ currency, raised }))
    .toSorted((a, b) => b.raised - a.raised || a.currency.localeCompare(b.currency));
}

/** Totals saved before projects had a currency: theirs is EUR, the default, and the sums per currency follow. */
function withCurrencies(
  saved: Omit<CreatorTotals, 'raisedByCurrency'> & { raisedByCurrency?: RaisedIn[] },
): CreatorTotals {
  if (saved.raisedByCurrency && saved.projects.every((project) => project.currency)) return saved as CreatorTotals;
  const projects = saved.projects.map((project) => ({ ...project, currency: project.currency || DEFAULT_CURRENCY }));
  const rest: Record<string, unknown> = { ...saved };
  // The one sum an earlier version kept, which added currencies up.
  delete rest.raised;
  return {
    ...(rest as Omit<CreatorTotals, 'projects' | 'raisedByCurrency'>),
    projects,
    raisedByCurrency: raisedByCurrency(projects),
  };
}

/** What a creator's folded metric events keep up to date: sums over their projects. */
export type CreatorTotals = z.infer<typeof creatorTotalsSchema>;

/**
 * The account-level sum of "Reducing System Load With Event Folding", computed from the source of truth (the project info hashes and
 * contribution windows), so recomputing is idempotent and a fold delivered twice does no harm.
 * It reads only the account's own projects, from the catalogue's per-creator index: a fold costs
 * the same at 10 or 100,000 projects, and an unknown account costs one SMEMBERS.
 */
export async function computeCreatorTotals(
  redis: RedisClient,
  account: string,
  {
    now,
    contributionsWindowMs,
    foldKey = null,
  }: { now: number; contributionsWindowMs: number; foldKey?: string | null },
): Promise<CreatorTotals | null> {
  const slugs = (await slugsOfCreator(account, redis)).toSorted();
  if (slugs.length === 0) return null;
  // Two commands per project, sent together: the projects' keys sit in different Cluster slots.
  const [infos, counts] = await Promise.all([
    Promise.all(slugs.map((slug) => redis.hmget(projectKeys.info(slug), 'title', 'raised', 'creator', 'currency'))),
    Promise.all(
      slugs.map((slug) => redis.zcount(liveEventKeys(slug).contributions, ...windowScores(contributionsWindowMs, now))),
    ),
  ]);
  const rows = slugs.map((slug, i) => ({
    slug,
    title: infos[i]![0] ?? slug,
    raised: Number(infos[i]![1] ?? 0),
    currency: infos[i]![3] || DEFAULT_CURRENCY,
    contributions: counts[i]!,
  }));
  return {
    account,
    creator: infos[0]![2] ?? account,
    projects: rows,
    raisedByCurrency: raisedByCurrency(rows),
    contributions: rows.reduce((sum, row) => sum + row.contributions, 0),
    computedAt: now,
    foldKey,
  };
}

/** Saves and publishes; false when newer totals were saved meanwhile. One round trip. */
export async function saveCreatorTotals(redis: RedisClient, totals: CreatorTotals): Promise<boolean> {
  return saveTotals.run(redis, creatorKeys, {
    account: totals.account,
    computedAt: totals.computedAt,
    totals: JSON.stringify(totals),
  });
}

export async function readCreatorTotals(redis: RedisClient, account: string): Promise<CreatorTotals | null> {
  const json = await redis.hget(creatorKeys.totals, account);
  return json ? withCurrencies(JSON.parse(json)) : null;
}

/** The creators whose totals changed last, newest first. */
export async function latestCreatorTotals(redis: RedisClient, limit: number): Promise<CreatorTotals[]> {
  const accounts = await redis.zrevrange(creatorKeys.updated, 0, limit - 1);
  if (accounts.length === 0) return [];
  const values = await redis.hmget(creatorKeys.totals, ...accounts);
  return values.flatMap((json) => (json ? [withCurrencies(JSON.parse(json))] : []));
}
