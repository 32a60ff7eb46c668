import { PREVIEW_SIZE } from '@/components/share/ProjectPreview';
import { previewResponse } from '@/components/share/preview-image';
import { slugSchema } from '@/lib/live-events/schemas';
import { getProject } from '@/lib/projects/catalogue';

export const alt = 'The project’s title and how much it has raised of its goal';
export const size = PREVIEW_SIZE;
export const contentType = 'image/png';

/** The link preview of a project (Open Graph; twitter-image.tsx is the same): its title, raised of goal. */
export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const project = slugSchema.safeParse(slug).success ? await getProject(slug) : null;
  if (!project) return new Response('no such project', { status: 404, headers: { 'content-type': 'text/plain' } });
  return previewResponse(slug, { title: project.title, creator: project.creator, raised: project.raised, goal: project.goal });
}
