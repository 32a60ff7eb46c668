import type { z } from 'zod';

/** Who may call a route: anyone, anyone within the write rate limit, or an admin (also limited). */
export type Access = 'public' | 'write' | 'admin';

type MediaType = 'text/html' | 'text/plain' | 'text/javascript' | 'text/css';

export type ResponseContract = { description: string; headers?: Record<string, { description: string }> } & (
  { json: z.ZodType } | { content: MediaType[] }
);

/**
 * One HTTP route as the OpenAPI document describes it, built from the zod schemas its handler
 * parses with and its answers are typed by. The errors it can answer are derived from what it
 * takes (a body: 400 and 413; a path: 404; admin: 401; …), plus `errors` for its own (409).
 */
export type RouteContract = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/api/projects/{slug}/live` for app/api/projects/[slug]/live/route.ts. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access?: Access;
  /** False for routes that never touch Redis (no 503). */
  redis?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** `maxBytes`: a body limit of the route's own (the import's), instead of 64 KiB. */
  body?: { schema: z.ZodType; example: unknown; maxBytes?: number };
  responses: Record<number, ResponseContract>;
  errors?: Record<number, string>;
};

/** A route of an area, under the area's tag unless it names another (its admin routes). */
type AreaRoute = Omit<RouteContract, 'tag'> & { tag?: string };

/** Each area lists its routes with this; lib/http/openapi/routes/index.ts gathers the lists. */
export const defineRoutes = (tag: string, routes: AreaRoute[]): RouteContract[] =>
  routes.map((route) => ({ tag, ...route }));

/** The one JSON answer most routes give. */
export const answers = (status: number, description: string, json: z.ZodType): Record<number, ResponseContract> => ({
  [status]: { description, json },
});
