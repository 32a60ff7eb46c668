import { PREVIEW_SIZE } from '@/components/share/ProjectPreview';
import { previewResponse } from '@/components/share/preview-image';
import { slugSchema } from '@/lib/live-events/schemas';
import { readPreviewedProject } from '@/lib/previews/previewed-project';
import { previewTextOf } from '@/lib/previews/text';

export const alt = 'The project’s art, title, how much it has raised of its goal, and its end date or how it ended';
export const size = PREVIEW_SIZE;
export const contentType = 'image/png';

/**
 * The link preview of a project (Open Graph; twitter-image.tsx is the same): its art, title, raised
 * of goal, and the end's date or its outcome, in the page's locale (English until pages have one),
 * drawn again when one of them reads otherwise.
 */
export default async function Image({ params }: { params: Promise<{ slug: string; locale?: string }> }) {
  const { slug, locale } = await params;
  const project = slugSchema.safeParse(slug).success ? await readPreviewedProject(slug) : null;
  if (!project) return new Response('no such project', { status: 404, headers: { 'content-type': 'text/plain' } });
  return previewResponse(slug, previewTextOf(project, Date.now(), locale));
}
