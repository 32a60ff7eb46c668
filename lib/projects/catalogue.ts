import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { catalogueKeys, projectKeys } from './keys';
import { CATALOGUE_PAGE, DEFAULT_ART, DEFAULT_CURRENCY, projectSchema } from './schemas';
import type { Project } from './types';

/** A project as the catalogue lists it: its card carries a copy of the total, read at `raisedAt`. */
export type ProjectCard = Project & { key: string; raisedAt: number };

export type CataloguePage = { projects: Project[]; next: string | null };

const POSITION_DIGITS = 16;

/** The order member of a project: fixed-width position first, so lex order is listing order. */
export const orderMember = (position: number, slug: string) =>
  `${String(position).padStart(POSITION_DIGITS, '0')}:${slug}`;
const slugOfMember = (member: string) => member.slice(POSITION_DIGITS + 1);
/** Cursors read `<position>.<slug>` (URL-safe, no padding); schemas.ts validates them. */
const cursorOf = (member: string) => `${Number(member.slice(0, POSITION_DIGITS))}.${slugOfMember(member)}`;
const memberOfCursor = (cursor: string) => {
  const dot = cursor.indexOf('.');
  return orderMember(Number(cursor.slice(0, dot)), cursor.slice(dot + 1));
};

function fromHash(slug: string, hash: Record<string, string>): Project | null {
  if (!hash.title) return null;
  return {
    slug,
    title: hash.title,
    tagline: hash.tagline ?? '',
    description: hash.description ?? '',
    creator: hash.creator ?? '',
    creatorAccount: hash.creatorAccount ?? '',
    goal: Number(hash.goal ?? 0),
    currency: hash.currency || DEFAULT_CURRENCY,
    raised: Number(hash.raised ?? 0),
    art: hash.art ? JSON.parse(hash.art) : DEFAULT_ART,
    ...(hash.endsAt ? { endsAt: Number(hash.endsAt) } : {}),
    ...(hash.tiers && hash.tiers !== '[]' ? { tiers: JSON.parse(hash.tiers) } : {}),
  };
}

/** The project from its own hash: the exact, live total. */
export async function getProject(slug: string, redis: RedisClient = getRedis()): Promise<Project | null> {
  return fromHash(slug, await redis.hgetall(projectKeys.info(slug)));
}

// Projects are never deleted, so a slug once seen needs no second look; unknown ones cost one EXISTS.
const KNOWN_SLUGS_KEPT = 10_000;
const knownSlugs = new Set<string>();

/** Whether the project exists: what a watch asks before it subscribes to anything. */
export async function projectExists(slug: string, redis: RedisClient = getRedis()): Promise<boolean> {
  if (knownSlugs.has(slug)) return true;
  if ((await redis.exists(projectKeys.info(slug))) === 0) return false;
  if (knownSlugs.size >= KNOWN_SLUGS_KEPT) knownSlugs.clear();
  knownSlugs.add(slug);
  return true;
}

/** Whether the project is in the catalogue (has a card): an unlisted one is reached by its link alone. One HEXISTS. */
export async function isListed(slug: string, redis: RedisClient = getRedis()): Promise<boolean> {
  return (await redis.hexists(catalogueKeys.cards, slug)) === 1;
}

/** Drops what only the card keeps (zod strips unknown keys). */
/**
 * A card as a project. Lua's cjson (copy-totals.lua) writes an empty list as `{}`: a card saved
 * with `tiers: []` before save.ts left empty lists off reads as no tiers, not as a broken catalogue.
 */
const toProject = ({ tiers, ...card }: ProjectCard): Project =>
  projectSchema.parse(Array.isArray(tiers) ? { ...card, tiers } : card);

/** The cards of `slugs` that are listed, in the order of `slugs`. One HMGET. */
export async function readCards(slugs: readonly string[], redis: RedisClient = getRedis()): Promise<Project[]> {
  if (slugs.length === 0) return [];
  const cards = await redis.hmget(catalogueKeys.cards, ...slugs);
  return cards.flatMap((json) => (json ? [toProject(JSON.parse(json) as ProjectCard)] : []));
}

/**
 * One page of the catalogue in listing order, after the project `after` names: a lex range with
 * LIMIT and one HMGET, two commands whatever the catalogue's size. The cursor is the last
 * project's own place, not an offset, so projects listed meanwhile neither repeat nor hide one.
 */
export async function readCataloguePage(
  { after, limit = CATALOGUE_PAGE.default }: { after?: string; limit?: number } = {},
  redis: RedisClient = getRedis(),
): Promise<CataloguePage> {
  const members = await redis.zrangebylex(
    catalogueKeys.order,
    after ? `(${memberOfCursor(after)}` : '-',
    '+',
    'LIMIT',
    0,
    limit + 1,
  );
  const shown = members.slice(0, limit);
  const projects = await readCards(shown.map(slugOfMember), redis);
  return { projects, next: members.length > limit ? cursorOf(shown.at(-1)!) : null };
}

/** The slugs of the first `max` projects, in listing order (the simulator's pick). */
export async function listSlugs(max: number, redis: RedisClient = getRedis()): Promise<string[]> {
  return (await redis.zrangebylex(catalogueKeys.order, '-', '+', 'LIMIT', 0, max)).map(slugOfMember);
}

/**
 * A page of the whole catalogue after an order member ('' from the start), for a walk that
 * keeps its place between pages (the home feed's sweep): `next` is null once the walk is over.
 */
export async function walkCatalogue(
  after: string,
  count: number,
  redis: RedisClient = getRedis(),
): Promise<{ slugs: string[]; next: string | null }> {
  const members = await redis.zrangebylex(catalogueKeys.order, after ? `(${after}` : '-', '+', 'LIMIT', 0, count);
  return { slugs: members.map(slugOfMember), next: members.length === count ? members.at(-1)! : null };
}

/** The slugs of one creator's projects: a per-account index, so its cost is theirs, not the catalogue's. */
export async function slugsOfCreator(account: string, redis: RedisClient = getRedis()): Promise<string[]> {
  return redis.smembers(catalogueKeys.byCreator(account));
}

/** Whether the account has a project: what a creator watch asks before it joins anything. */
export async function creatorHasProjects(account: string, redis: RedisClient = getRedis()): Promise<boolean> {
  return (await redis.exists(catalogueKeys.byCreator(account))) === 1;
}

const END_DIGITS = 13;
const endingMember = (endsAt: number, slug: string) => `${String(endsAt).padStart(END_DIGITS, '0')}:${slug}`;
/** "Ending soon" cursors read `<endsAt>.<slug>`, as the catalogue's read `<position>.<slug>` (the same schema). */
const endingCursor = (member: string) => `${Number(member.slice(0, END_DIGITS))}.${member.slice(END_DIGITS + 1)}`;
const endingMemberOfCursor = (cursor: string) =>
  endingMember(Number(cursor.slice(0, cursor.indexOf('.'))), cursor.slice(cursor.indexOf('.') + 1));

/** Whether a catalogue cursor (`ending`: of the "ending soon" listing) names a project listed there now: one made up, or of a project unlisted since, names none. */
export async function cursorListed(cursor: string, ending = false, redis: RedisClient = getRedis()): Promise<boolean> {
  if (!ending) return (await redis.zscore(catalogueKeys.order, memberOfCursor(cursor))) !== null;
  return (await redis.zscore(catalogueKeys.ending, endingMemberOfCursor(cursor))) !== null;
}

/** The listed projects ended by `now`, the latest end first: the home page's "Recently ended". */
export async function readRecentlyEnded(
  { limit, now }: { limit: number; now: number },
  redis: RedisClient = getRedis(),
): Promise<Project[]> {
  const members = await redis.zrevrangebylex(
    catalogueKeys.ending,
    `(${String(now + 1).padStart(END_DIGITS, '0')}`,
    '-',
    'LIMIT',
    0,
    limit,
  );
  return readCards(
    members.map((member) => member.slice(END_DIGITS + 1)),
    redis,
  );
}

/**
 * A page of the listed projects still open, the soonest end first, after the cursor `after`: a
 * lex range from `now` (or the cursor) and one HMGET, as a catalogue page. Projects that end
 * while a reader pages are simply not reached again; none is shown twice.
 */
export async function readEndingSoon(
  { after, limit = CATALOGUE_PAGE.default, now }: { after?: string; limit?: number; now: number },
  redis: RedisClient = getRedis(),
): Promise<CataloguePage> {
  const from = after ? `(${endingMemberOfCursor(after)}` : `[${String(now + 1).padStart(END_DIGITS, '0')}`;
  const members = await redis.zrangebylex(catalogueKeys.ending, from, '+', 'LIMIT', 0, limit + 1);
  const shown = members.slice(0, limit);
  const projects = await readCards(
    shown.map((member) => member.slice(END_DIGITS + 1)),
    redis,
  );
  return { projects, next: members.length > limit ? endingCursor(shown.at(-1)!) : null };
}
