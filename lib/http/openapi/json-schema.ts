import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as a JSON Schema (2020-12, OpenAPI 3.1's dialect), inlined: each stands alone. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  return withoutSafeIntegerBounds(json) as JsonSchema;
}

/** zod bounds every `int()` by ±(2^53 − 1); true of every JSON number we send, so only noise here. */
function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER))
      .map(([key, value]) => [key, withoutSafeIntegerBounds(value)]),
  );
}

