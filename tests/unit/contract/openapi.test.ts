import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../lib/http/openapi/document';
import { ROUTES } from '../../../lib/http/openapi/routes';
import { socketEventsDocument } from '../../../lib/http/openapi/socket-events';
import { appRoutePatterns } from '../../../lib/http/route-patterns';
import { compile, document } from '../../contract/validator';

/** What app/api/**\/route.ts serves: `GET /api/projects/{slug}/live`, … read from the files' exports. */
function servedRoutes(): string[] {
  const appDir = path.join(process.cwd(), 'app');
  return appRoutePatterns(appDir)
    .filter(({ kind }) => kind === 'api')
    .flatMap(({ pattern }) => {
      const source = readFileSync(path.join(appDir, pattern, 'route.ts'), 'utf8');
      const methods = [
        ...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g),
      ].map((m) => m[1]!);
      return methods.map((method) => `${method} ${pattern.replace(/\[(\w+)\]/g, '{$1}')}`);
    })
    .sort();
}

describe('the OpenAPI document', () => {
  it('documents every route the app serves, and nothing else', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([template, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${template}`),
      )
      .sort();
    expect(documented).toEqual(servedRoutes());
  });

  it('is OpenAPI 3.1 with the admin bearer scheme on every admin route, and errors on every route', () => {
    const doc = openApiDocument() as { openapi: string; components: { securitySchemes: object } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({
      adminBearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    for (const route of ROUTES) {
      const operation = document.paths[route.path]![route.method] as unknown as {
        security?: unknown;
        responses: Record<string, unknown>;
      };
      expect(operation.security, route.path).toEqual(route.access === 'admin' ? [{ adminBearer: [] }] : []);
      if (route.access === 'admin') expect(operation.responses, route.path).toHaveProperty('401');
      if (route.body) expect(operation.responses, route.path).toHaveProperty('413');
      if (route.redis !== false) expect(operation.responses, route.path).toHaveProperty('503');
    }
  });

  it('has one example per request body, accepted by the schema the route parses with and by the documented JSON Schema', () => {
    for (const route of ROUTES.filter((r) => r.body)) {
      const { schema, example } = route.body!;
      expect(schema.safeParse(example).success, `${route.method} ${route.path}`).toBe(true);
      const media = (
        document.paths[route.path]![route.method] as unknown as {
          requestBody: { content: Record<string, { schema: object; example: unknown }> };
        }
      ).requestBody.content['application/json']!;
      expect(media.example).toEqual(example);
      expect(compile(media.schema)(example), `${route.method} ${route.path}`).toBe(true);
    }
  });

  it('compiles every schema with a strict JSON Schema 2020-12 validator (ajv)', () => {
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations))
        for (const response of Object.values(operation.responses))
          for (const media of Object.values(response.content ?? {})) expect(() => compile(media.schema)).not.toThrow();
  });
});

describe('the Socket.IO events document', () => {
  it('describes every event with compilable payload, request and ack schemas', () => {
    const events = socketEventsDocument() as {
      serverToClient: { name: string; payload: object }[];
      clientToServer: { name: string; request: object | null; ack: object }[];
    };
    expect(events.serverToClient.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'live:change',
        'server:status',
        'leaderboard:change',
        'ops:state',
        'ops:published',
        'creator:totals',
      ]),
    );
    expect(events.clientToServer.map((e) => e.name)).toEqual(
      expect.arrayContaining(['project:watch', 'leaderboard:watch', 'ops:watch', 'creator:watch']),
    );
    for (const event of events.serverToClient) expect(() => compile(event.payload)).not.toThrow();
    for (const event of events.clientToServer) {
      expect(() => compile(event.ack)).not.toThrow();
      if (event.request) expect(() => compile(event.request!)).not.toThrow();
    }
  });
});
