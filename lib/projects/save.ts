import type { z } from 'zod';
import { ConflictError } from '../errors';
import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { orderMember, type ProjectCard } from './catalogue';
import { copyTotals, saveCard, saveProjectInfo, unlistCard } from './scripts';
import { catalogueKeys, projectKeys } from './keys';
import { DEFAULT_CURRENCY, type projectInputSchema } from './schemas';
import type { Project } from './types';

type ProjectFields = z.output<typeof projectInputSchema>;

/**
 * Creates or updates a project, then lists it in the catalogue: two scripts, because the
 * project's keys and the catalogue's live in different slots. Both are idempotent, so if a crash
 * falls between them, saving the project again (a PUT retried, the demo seed run again) heals the
 * catalogue; meanwhile the project works but is missing from the listing and its creator's
 * index. `raised` is the opening total of a new project; saving again never undoes
 * contributions. `position` orders the listing and is kept from the first save.
 */
export async function saveProject(
  project: Project,
  position: number,
  redis: RedisClient = getRedis(),
  now = Date.now(),
): Promise<{ created: boolean; project: Project }> {
  const { slug, raised, ...fields } = project;
  const { created, raised: total } = await saveInfo(redis, slug, raised, fields);
  const saved = { ...project, currency: project.currency ?? DEFAULT_CURRENCY, raised: total };
  // No empty list on a card: copy-totals.lua re-encodes cards with Lua's cjson, which writes `[]` as `{}`.
  const { tiers, ...rest } = saved;
  const card: Omit<ProjectCard, 'key'> = { ...rest, ...(tiers?.length ? { tiers } : {}), raisedAt: now };
  await saveCard.run(redis, catalogueKeys, { slug, member: orderMember(position, slug), card: JSON.stringify(card) });
  return { created, project: saved };
}

/** The static fields as the project's hash keeps them: `endsAt` '' for a campaign that never ends (save-project.lua). */
const hashFields = ({ art, endsAt, tiers, currency, ...fields }: Omit<Project, 'slug' | 'raised'>) =>
  Object.entries({
    ...fields,
    currency: currency ?? DEFAULT_CURRENCY,
    art: JSON.stringify(art),
    endsAt: endsAt ?? '',
    ...(tiers === undefined ? {} : { tiers: JSON.stringify(tiers) }),
  }).flat();

/** Saves the project's hash (save-project.lua); a ConflictError names the tier it refused to drop or limit below its pledges. */
async function saveInfo(redis: RedisClient, slug: string, raised: number, fields: Omit<Project, 'slug' | 'raised'>) {
  const saved = await saveProjectInfo.run(
    redis,
    { info: projectKeys.info(slug), changes: projectKeys.changes(slug) },
    { raised, fields: hashFields(fields) },
  );
  if (saved.status === 'tier_in_use')
    throw new ConflictError(
      `tier ${saved.tier} has pledges: it cannot be removed, nor limited below them`,
      { tier: saved.tier },
      'tier_in_use',
    );
  return { created: saved.status === 'created', raised: saved.raised };
}

/** Copies totals read at `readAt` from the projects' own hashes onto their cards. One script. */
export async function copyTotalsToCards(
  totals: readonly { slug: string; raised: number }[],
  readAt: number,
  redis: RedisClient = getRedis(),
): Promise<void> {
  if (totals.length === 0) return;
  await copyTotals.run(redis, catalogueKeys, { readAt, totals: totals.flatMap(({ slug, raised }) => [slug, raised]) });
}

/**
 * What `PUT /api/projects/:slug` does: saves the project from its validated fields. A new one
 * opens at 0 and is listed last (its position is the time of its first save); an existing one
 * keeps its total and its place. `listed: false` keeps it off the catalogue and its creator's
 * index (taking it off when it was listed): its page, API and live events work by its slug alone.
 */
export async function putProject(
  slug: string,
  { listed, ...input }: ProjectFields,
  redis: RedisClient = getRedis(),
  now = Date.now(),
) {
  if (listed) return saveProject({ slug, raised: 0, ...input }, now, redis, now);
  const { created, raised } = await saveInfo(redis, slug, 0, input);
  await unlistCard.run(redis, catalogueKeys, { slug, endsAt: input.endsAt ?? '' });
  return { created, project: { slug, ...input, currency: input.currency ?? DEFAULT_CURRENCY, raised } };
}
