import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { cache } from 'react';
import { FollowButton } from '@/components/feed/FollowButton';
import { LiveProject } from '@/components/live/LiveProject';
import { ShareButton } from '@/components/live/ShareButton';
import { ProjectArt } from '@/components/ProjectArt';
import { orUnavailable } from '@/components/unavailable-boundary';
import { NotFoundError } from '@/lib/errors';
import { slugSchema } from '@/lib/live-events/schemas';
import { getProject } from '@/lib/projects/catalogue';
import { readSnapshotForPage } from '@/lib/realtime/shared-snapshots';

type Props = { params: Promise<{ slug: string }> };

const notFoundAsNull = (error: unknown) => {
  if (error instanceof NotFoundError) return null;
  throw error;
};

const isSlug = (slug: string) => slugSchema.safeParse(slug).success;
const loadProject = cache(async (slug: string) => (isSlug(slug) ? getProject(slug) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await params).slug).catch(() => null);
  return { title: project?.title ?? 'Project' };
}

/**
 * The same HTML for everyone: the follow state comes after hydration. Rendered once per version
 * of the project on each instance (lib/server/page-cache.ts), its snapshot the relay's copy.
 */
export default orUnavailable(async function ProjectPage({ params }: Props) {
  await connection();
  const { slug } = await params;
  if (!isSlug(slug)) notFound();
  // Both reads at once; an unknown project fails the snapshot too, and is a 404 either way.
  const [project, snapshot] = await Promise.all([loadProject(slug), readSnapshotForPage(slug).catch(notFoundAsNull)]);
  if (!project || !snapshot) notFound();
  return (
    <article className="space-y-6">
      <header className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
        <ProjectArt art={project.art} className="h-40 w-full sm:h-56" />
        <div className="p-5 sm:p-7">
          <p className="text-sm font-medium text-slate-500">
            by{' '}
            <Link prefetch={false} href={`/creators/${project.creatorAccount}`} data-testid="creator-link" className="text-accent hover:underline">
              {project.creator}
            </Link>
          </p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{project.title}</h1>
            <span className="flex flex-wrap items-center gap-2">
              <ShareButton slug={project.slug} title={project.title} />
              <FollowButton slug={project.slug} title={project.title} />
            </span>
          </div>
          <p className="mt-2 text-lg text-slate-600">{project.tagline}</p>
          <p className="mt-4 max-w-3xl text-slate-700">{project.description}</p>
        </div>
      </header>
      <LiveProject project={project} snapshot={snapshot} />
    </article>
  );
});
