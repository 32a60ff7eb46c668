import { NotFoundError } from '../errors';
import { eventIdSchema, slugSchema } from '../live-events/schemas';

export type SlugParams = { params: Promise<{ slug: string }> };
export type SlugAndIdParams = { params: Promise<{ slug: string; id: string }> };

/** A path that cannot name a project or event names none: 404, like an unknown one. */
export async function pathSlug({ params }: SlugParams): Promise<string> {
  const { slug } = await params;
  if (!slugSchema.safeParse(slug).success) throw new NotFoundError('project');
  return slug;
}

export async function pathSlugAndId({ params }: SlugAndIdParams): Promise<{ slug: string; id: string }> {
  const { slug, id } = await params;
  if (!slugSchema.safeParse(slug).success) throw new NotFoundError('project');
  if (!eventIdSchema.safeParse(id).success) throw new NotFoundError('event');
  return { slug, id };
}
