import { PREVIEW_SIZE, previewFactsOf } from '@/components/share/ProjectPreview';
import { previewResponse } from '@/components/share/preview-image';
import { slugSchema } from '@/lib/live-events/schemas';
import { getProject } from '@/lib/projects/catalogue';

export const alt = 'The project’s title, how much it has raised of its goal and the time left';
export const size = PREVIEW_SIZE;
export const contentType = 'image/png';

/**
 * The link preview of a project (Open Graph; twitter-image.tsx is the same): its title, raised of
 * goal and time left on this server's clock, drawn again when one of them reads otherwise.
 */
export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const project = slugSchema.safeParse(slug).success ? await getProject(slug) : null;
  if (!project) return new Response('no such project', { status: 404, headers: { 'content-type': 'text/plain' } });
  return previewResponse(slug, previewFactsOf(project, Date.now()));
}
