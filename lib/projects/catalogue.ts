import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import { projectKeys } from './keys';
import type { Project } from './types';
import { withProjectScripts } from './commands';

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
    raised: Number(hash.raised ?? 0),
    art: JSON.parse(hash.art ?? '{"motif":"waves","colors":["#312e81","#6366f1","#f472b6"]}'),
  };
}

export async function getProject(slug: string, redis: RedisClient = getRedis()): Promise<Project | null> {
  return fromHash(slug, await redis.hgetall(projectKeys.info(slug)));
}

export async function listProjects(redis: RedisClient = getRedis()): Promise<Project[]> {
  const slugs = await redis.zrange(projectKeys.index, '0', '-1');
  if (slugs.length === 0) return [];
  // Sent together without waiting (one round trip's worth on a connection), yet each command
  // on its own: a pipeline across the projects' slots would be refused by Redis Cluster.
  const hashes = await Promise.all(slugs.map((slug) => redis.hgetall(projectKeys.info(slug))));
  return slugs.flatMap((slug, i) => {
    const project = fromHash(slug, hashes[i]!);
    return project ? [project] : [];
  });
}

/**
 * Creates or updates a project (one script on the project's slot) and lists it in the catalogue,
 * which lives in a slot of its own. Idempotent: saving again never undoes contributions.
 */
export async function saveProject(project: Project, position: number, redis: RedisClient = getRedis()): Promise<boolean> {
  const { slug, raised, art, ...fields } = project;
  const created = await withProjectScripts(redis).saveProject(
    projectKeys.info(slug),
    raised,
    ...Object.entries({ ...fields, art: JSON.stringify(art) }).flat(),
  );
  await redis.zadd(projectKeys.index, 'NX', position, slug);
  return created === 1;
}
