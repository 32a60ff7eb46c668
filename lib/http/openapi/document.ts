import type { z } from 'zod';
import { MAX_BODY_BYTES } from '../body';
import { errorBodySchema } from '../errors';
import type { RouteContract } from './contract';
import { jsonSchemaOf } from './json-schema';
import { ROUTES } from './routes';

const errorContent = { 'application/json': { schema: jsonSchemaOf(errorBodySchema, 'output') } };
const retryAfter = { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } };
const requestId = {
  'X-Request-Id': {
    description: "the request's id, as logged (yours when you send a sane one)",
    schema: { type: 'string' },
  },
};

const binarySize = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);

/** The errors a route can answer, from what it takes; its own (a 409) are added by the route. */
function errorsOf(route: RouteContract): Record<number, { description: string; headers?: object }> {
  const errors: Record<number, { description: string; headers?: object }> = {};
  errors[400] = {
    description: `${route.body || route.query ? 'a body or query that fails its schema (`field` names it), a body that is not JSON, or ' : ''}a path with a malformed %-escape`,
  };
  if (route.access === 'admin') errors[401] = { description: 'a missing or wrong admin token' };
  if (route.params)
    errors[404] = { description: 'an unknown project, item or session (or a path that cannot name one)' };
  for (const [status, description] of Object.entries(route.errors ?? {})) errors[Number(status)] = { description };
  if (route.method !== 'get') {
    const crossSite =
      "a browser's request from another site's page (an `Origin` not this site's, or `Sec-Fetch-Site: cross-site`): nothing written, no cookie";
    errors[403] = { description: errors[403] ? `${errors[403].description}; or ${crossSite}` : crossSite };
    errors[415] = { description: 'a body that is not `application/json`' };
  }
  if (route.body) errors[413] = { description: `a body over ${binarySize(route.body.maxBytes ?? MAX_BODY_BYTES)}` };
  if (route.access === 'write') errors[429] = { description: 'this client writes too fast', headers: retryAfter };
  if (route.access === 'admin')
    errors[429] = {
      description: 'this client writes too fast, or sent too many wrong tokens (the right one then too)',
      headers: retryAfter,
    };
  if (route.redis !== false) errors[503] = { description: 'Redis is unreachable; retry shortly', headers: retryAfter };
  return errors;
}

function parametersOf(route: RouteContract) {
  const from = (where: 'path' | 'query', object: z.ZodObject | undefined) =>
    Object.entries(object?.shape ?? {}).map(([name, schema]) => {
      const json = jsonSchemaOf(schema as z.ZodType, 'input');
      const { description, ...rest } = json;
      return {
        name,
        in: where,
        required: where === 'path' || !(schema as z.ZodType).safeParse(undefined).success,
        description,
        schema: rest,
      };
    });
  return [...from('path', route.params), ...from('query', route.query)];
}

function operationOf(route: RouteContract) {
  const responses: Record<string, object> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const content =
      'json' in response
        ? { 'application/json': { schema: jsonSchemaOf(response.json, 'output') } }
        : Object.fromEntries(response.content.map((type) => [type, { schema: { type: 'string' } }]));
    const own = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, { description }]) => [
        name,
        { description, schema: { type: 'string' } },
      ]),
    );
    responses[status] = { description: response.description, headers: { ...requestId, ...own }, content };
  }
  for (const [status, error] of Object.entries(errorsOf(route))) {
    responses[status] = { ...error, headers: { ...requestId, ...error.headers }, content: errorContent };
  }
  return {
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    // Every operation says who may call it: the admin's bearer token, or anyone (`[]`).
    security: route.access === 'admin' ? [{ adminBearer: [] }] : [],
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: jsonSchemaOf(route.body.schema, 'input'), example: route.body.example },
            },
          },
        }
      : {}),
    responses,
  };
}

let built: object | undefined;

/** The OpenAPI 3.1 document of every route in ROUTES; built once per process. */
export function openApiDocument(): object {
  if (built) return built;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method] = operationOf(route);
  return (built = {
    openapi: '3.1.0',
    info: {
      title: 'crowdpulse',
      version: '0.1.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Live crowdfunding pages, a quiz and its leaderboard, and event folding, on Redis. JSON in and out; errors are `{error: {code, message, field?}}`. The Socket.IO events are described at /api/socket-events.json.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'projects', description: 'projects and their live events' },
      { name: 'admin', description: 'admin writes (Authorization: Bearer $ADMIN_TOKEN)' },
      { name: 'quiz', description: 'the Buzzword Quiz and its leaderboard' },
      { name: 'folding', description: 'event folding, shown on /ops' },
      { name: 'feed', description: 'following projects and the home feed' },
      { name: 'service', description: 'health, metrics and these documents' },
    ],
    paths,
    components: {
      securitySchemes: {
        adminBearer: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN, printed at start' },
      },
    },
  });
}
