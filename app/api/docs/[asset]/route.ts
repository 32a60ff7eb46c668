import { NotFoundError } from '@/lib/errors';
import { docsAsset } from '@/lib/http/openapi/docs-page';
import { route } from '@/lib/http/route';

/** The front door answers these from memory (lib/server/framework-files.ts); this is the same file, for a server without it. */
export const GET = route(async (_request: Request, { params }: { params: Promise<{ asset: string }> }) => {
  const asset = docsAsset((await params).asset);
  if (!asset) throw new NotFoundError('asset');
  return new Response(new Uint8Array(asset.identity), {
    headers: { 'Content-Type': asset.type, 'Cache-Control': asset.cacheControl, ETag: asset.etag },
  });
});
