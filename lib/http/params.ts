import { NotFoundError } from '../errors';
import { eventIdSchema, slugSchema } from '../live-events/schemas';
import { tierIdSchema } from '../projects/schemas';
import { sessionIdSchema } from '../quiz/schemas';

export type SlugParams = { params: Promise<{ slug: string }> };
export type SlugAndIdParams = { params: Promise<{ slug: string; id: string }> };

/** Next decodes path parameters when they are awaited: a malformed escape (`%h`) throws a URIError there. */
async function decoded<Params>(params: Promise<Params>, what: string): Promise<Params> {
  try {
    return await params;
  } catch {
    throw new NotFoundError(what);
  }
}

/** A path that cannot name a project or event names none: 404, like an unknown one. */
export async function pathSlug({ params }: SlugParams): Promise<string> {
  const { slug } = await decoded(params, 'project');
  if (!slugSchema.safeParse(slug).success) throw new NotFoundError('project');
  return slug;
}

export async function pathSlugAndId({ params }: SlugAndIdParams): Promise<{ slug: string; id: string }> {
  const { slug, id } = await decoded(params, 'project');
  if (!slugSchema.safeParse(slug).success) throw new NotFoundError('project');
  if (!eventIdSchema.safeParse(id).success) throw new NotFoundError('event');
  return { slug, id };
}

export type SlugAndTierParams = { params: Promise<{ slug: string; tier: string }> };

/** A tier's path: a malformed tier id names no tier (404, like an unknown one). */
export async function pathSlugAndTier({ params }: SlugAndTierParams): Promise<{ slug: string; tier: string }> {
  const { slug, tier } = await decoded(params, 'project');
  if (!slugSchema.safeParse(slug).success) throw new NotFoundError('project');
  if (!tierIdSchema.safeParse(tier).success) throw new NotFoundError('tier');
  return { slug, tier };
}

export type SessionParams = { params: Promise<{ id: string }> };

/** A path that cannot name a quiz session names none: 404, like an expired one. */
export async function pathSessionId({ params }: SessionParams): Promise<string> {
  const { id } = await decoded(params, 'quiz session');
  if (!sessionIdSchema.safeParse(id).success) throw new NotFoundError('quiz session');
  return id;
}
