import { pathParams } from '../http/params';
import { eventIdSchema, slugSchema } from '../live-events/schemas';
import { tierIdSchema } from '../projects/schemas';
import { sessionIdSchema } from '../quiz/schemas';

/** The API's path parameters, each with its pattern's schema: the route side names them, so lib/http knows no pattern. */
export type SlugParams = { params: Promise<{ slug: string }> };
export type SlugAndIdParams = { params: Promise<{ slug: string; id: string }> };
export type SlugAndTierParams = { params: Promise<{ slug: string; tier: string }> };
export type SessionParams = { params: Promise<{ id: string }> };

const project = { schema: slugSchema, what: 'project' };

/** A path that cannot name a project names none: 404, like an unknown one. */
export async function pathSlug(context: SlugParams): Promise<string> {
  return (await pathParams(context, { slug: project })).slug;
}

export async function pathSlugAndId(context: SlugAndIdParams): Promise<{ slug: string; id: string }> {
  return pathParams(context, { slug: project, id: { schema: eventIdSchema, what: 'event' } });
}

/** A tier's path: a malformed tier id names no tier (404, like an unknown one). */
export async function pathSlugAndTier(context: SlugAndTierParams): Promise<{ slug: string; tier: string }> {
  return pathParams(context, { slug: project, tier: { schema: tierIdSchema, what: 'tier' } });
}

/** A path that cannot name a quiz session names none: 404, like an expired one. */
export async function pathSessionId(context: SessionParams): Promise<string> {
  return (await pathParams(context, { id: { schema: sessionIdSchema, what: 'quiz session' } })).id;
}
