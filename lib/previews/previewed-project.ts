import { getProject } from '../projects/catalogue';
import { projectKeys } from '../projects/keys';
import type { RedisClient } from '../redis/client';
import { getRedis } from '../redis/client';
import type { PreviewedProject } from './text';

/**
 * What a project's preview is drawn from: the project, and its backers, which its archive line
 * names once ended (`backers` in its hash, kept by the pledge script). Both read at once.
 */
export async function readPreviewedProject(
  slug: string,
  redis: RedisClient = getRedis(),
): Promise<PreviewedProject | null> {
  const [project, backers] = await Promise.all([
    getProject(slug, redis),
    redis.hget(projectKeys.info(slug), 'backers'),
  ]);
  return project && { ...project, backers: Number(backers ?? 0) };
}
