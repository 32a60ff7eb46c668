import { NotFoundError } from '@/lib/errors';
import { docsAsset } from '@/lib/http/openapi/docs-page';
import { route } from '@/lib/http/route';

export const GET = route(async (_request: Request, { params }: { params: Promise<{ asset: string }> }) => {
  const asset = await docsAsset((await params).asset);
  if (!asset) throw new NotFoundError('asset');
  return new Response(asset.body, { headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' } });
});
