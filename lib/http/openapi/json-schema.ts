import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as a JSON Schema (2020-12, OpenAPI 3.1's dialect), inlined: each stands alone. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' })) as JsonSchema;
}

/**
 * Without `$schema` (the document states the dialect once) and without the ±(2^53 − 1) bounds
 * zod puts on every `int()`: true of every JSON number we send, so only noise to a reader.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(
        ([key, value]) =>
          key !== '$schema' &&
          !((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER),
      )
      .map(([key, value]) => [key, tidy(value)]),
  );
}
