import type { z } from 'zod';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, 'body_too_large', `the body must be at most ${MAX_BODY_BYTES} bytes`);

/** Reads at most 64 KiB (whatever Content-Length claims), parses JSON, validates with `schema`. */
export async function readJson<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await readCapped(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body must be JSON');
  }
  return parseInput(schema, json);
}

export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  throw new HttpError(400, 'invalid_input', field ? `${field}: ${issue.message}` : issue.message, field);
}

async function readCapped(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
