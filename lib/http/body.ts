import type { z } from 'zod';
import { reasonOf } from '../input-reason';
import { HttpError, InvalidInput } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * The import route's alone: IMPORT_MAX_EVENTS events with every field at its longest (a 2,048
 * character URL, a 140 character title, a 64 character id), as compact JSON, stay under it.
 */
export const IMPORT_BODY_BYTES = 4 * 1024 * 1024;

const tooLarge = (limit: number) => new HttpError(413, 'body_too_large', `the body must be at most ${limit} bytes`);

/** Reads at most `maxBytes` (64 KiB; whatever Content-Length claims), parses JSON, validates with `schema`. */
export async function readJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.output<Schema>> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge(maxBytes);
  const text = await readCapped(request, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body must be JSON');
  }
  return parseInput(schema, json);
}

export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  throw new InvalidInput(field ? `${field}: ${issue.message}` : issue.message, field, reasonOf(issue));
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
