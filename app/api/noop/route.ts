/**
 * The benchmark's baseline: a route handler that reads a JSON body and answers 201 without
 * touching Redis. `npm run bench` compares single-event ingest against it on the same server.
 */
export async function POST(request: Request): Promise<Response> {
  await request.json();
  return Response.json({ ok: true }, { status: 201 });
}
