import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../../lib/http/openapi/document';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
// OpenAPI's own annotations inside schemas.
ajv.addKeyword('example');

const compiled = new WeakMap<object, ValidateFunction>();
const compile = (schema: object) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

const document = openApiDocument() as OpenApi;
const templates = Object.keys(document.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
}));

/** The documented operation for a method and a path (`/api/projects/x/live`), or undefined. */
export function operationFor(method: string, pathname: string): { template: string; operation: Operation } | undefined {
  const match = templates.find(({ regex }) => regex.test(pathname));
  const operation = match && document.paths[match.template]![method.toLowerCase()];
  return match && operation ? { template: match.template, operation } : undefined;
}

/**
 * Checks one answer against the document: the route and status must be documented, and a JSON
 * body must validate against its schema. Returns what is wrong, or null.
 */
export function contractViolation(
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  const { pathname } = new URL(url, 'http://x');
  const found = operationFor(method, pathname);
  const where = `${method} ${pathname} → ${status}`;
  // The route walk (tests/contract) proves every served route is documented; what is not one
  // (an unknown path, a method a route lacks) may only be refused.
  if (!found) return status < 300 ? `${where}: answered, yet not in the OpenAPI document` : null;
  const response = found.operation.responses[String(status)];
  if (!response) return `${where}: status not documented for ${found.template}`;
  const documented = Object.keys(response.content ?? {});
  if (!documented.some((type) => contentType.startsWith(type)))
    return `${where}: ${contentType} where ${documented.join(' or ')} is documented`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return null;
  const validate = compile(schema);
  return validate(body)
    ? null
    : `${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
}

export { ajv, compile, document };
