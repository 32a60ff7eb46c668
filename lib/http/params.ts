import type { z } from 'zod';
import { NotFoundError } from '../errors';

/**
 * A route's path parameters, each checked by the schema the route gives (lib/server/path-params.ts
 * binds the patterns' schemas): lib/http knows no pattern's ids.
 */
export type PathSchemas<Params> = { [Name in keyof Params]: { schema: z.ZodType; what: string } };

/**
 * Next decodes path parameters when they are awaited: a malformed escape (`%h`) throws a URIError
 * there. A parameter its schema refuses names nothing: 404, like an unknown one.
 */
export async function pathParams<Params extends Record<string, string>>(
  { params }: { params: Promise<Params> },
  schemas: PathSchemas<Params>,
): Promise<Params> {
  const names = Object.keys(schemas) as Array<keyof Params>;
  let values: Params;
  try {
    values = await params;
  } catch {
    throw new NotFoundError(schemas[names[0]!].what);
  }
  for (const name of names) {
    if (!schemas[name].schema.safeParse(values[name]).success) throw new NotFoundError(schemas[name].what);
  }
  return values;
}
