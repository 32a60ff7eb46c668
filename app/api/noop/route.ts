import { z } from 'zod';
import { readJson } from '@/lib/http/body';
import { errorResponse, HttpError } from '@/lib/http/errors';

/**
 * The benchmark's baseline: reads a JSON body (under the same 64 KiB cap) and answers 201
 * without touching Redis. Served only to `npm run bench`, which starts the app with BENCH_NOOP=1.
 */
export async function POST(request: Request): Promise<Response> {
  if (process.env.BENCH_NOOP !== '1') return errorResponse(new HttpError(404, 'not_found', 'no such route'));
  try {
    await readJson(request, z.unknown());
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    throw error;
  }
  return Response.json({ ok: true }, { status: 201 });
}
