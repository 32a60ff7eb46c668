import type { z } from 'zod';
import { ConflictError } from '../errors';
import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { orderMember, type ProjectCard } from './catalogue';
import { withProjectScripts } from './commands';
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
  const scripts = withProjectScripts(redis);
  const [created, total] = savedOrInUse(await scripts.saveProject(projectKeys.info(slug), projectKeys.changes(slug), raised, ...hashFields(fields)));
  const saved = { ...project, currency: project.currency ?? DEFAULT_CURRENCY, raised: total };
  const card: Omit<ProjectCard, 'key'> = { ...saved, raisedAt: now };
  const { order, cards, creatorPrefix, changes, ends, ending } = catalogueKeys;
  await scripts.saveCard(order, cards, creatorPrefix, changes, ends, ending, slug, orderMember(position, slug), JSON.stringify(card));
  return { created: created === 1, project: saved };
}

/** The static fields as the project's hash keeps them: `endsAt` '' for a campaign that never ends (save-project.lua). */
const hashFields = ({ art, endsAt, tiers, currency, ...fields }: Omit<Project, 'slug' | 'raised'>) =>
  Object.entries({ ...fields, currency: currency ?? DEFAULT_CURRENCY, art: JSON.stringify(art), endsAt: endsAt ?? '', ...(tiers === undefined ? {} : { tiers: JSON.stringify(tiers) }) }).flat();

/** save-project.lua's reply, or the tier it refused to drop or limit below its pledges. */
function savedOrInUse(reply: [0 | 1, number] | [-1, string]): [0 | 1, number] {
  if (reply[0] === -1) throw new ConflictError(`tier ${reply[1]} has pledges: it cannot be removed, nor limited below them`, { tier: reply[1] }, 'tier_in_use');
  return reply;
}

/** Copies totals read at `readAt` from the projects' own hashes onto their cards. One script. */
export async function copyTotalsToCards(totals: readonly { slug: string; raised: number }[], readAt: number, redis: RedisClient = getRedis()): Promise<void> {
  if (totals.length === 0) return;
  await withProjectScripts(redis).copyTotals(catalogueKeys.cards, catalogueKeys.changes, readAt, ...totals.flatMap(({ slug, raised }) => [slug, raised]));
}

/**
 * What `PUT /api/projects/:slug` does: saves the project from its validated fields. A new one
 * opens at 0 and is listed last (its position is the time of its first save); an existing one
 * keeps its total and its place. `listed: false` keeps it off the catalogue and its creator's
 * index (taking it off when it was listed): its page, API and live events work by its slug alone.
 */
export async function putProject(slug: string, { listed, ...input }: ProjectFields, redis: RedisClient = getRedis(), now = Date.now()) {
  if (listed) return saveProject({ slug, raised: 0, ...input }, now, redis, now);
  const scripts = withProjectScripts(redis);
  const [created, raised] = savedOrInUse(await scripts.saveProject(projectKeys.info(slug), projectKeys.changes(slug), 0, ...hashFields(input)));
  const { order, cards, creatorPrefix, changes, ends, ending } = catalogueKeys;
  await scripts.unlistCard(order, cards, creatorPrefix, changes, ends, ending, slug, input.endsAt ?? '');
  return { created: created === 1, project: { slug, ...input, currency: input.currency ?? DEFAULT_CURRENCY, raised } };
}
