import Link from 'next/link';
import type { Project } from '@/lib/projects/types';
import { ProjectArt } from './ProjectArt';

/** The visitor's recently viewed projects, newest first; nothing at all when there are none. */
export function RecentlyViewed({ projects }: { projects: Project[] }) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading">
      <h2 id="recently-viewed-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Recently viewed
      </h2>
      <ol data-testid="recently-viewed" className="-mx-4 mt-3 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2">
        {projects.map((project) => (
          <li key={project.slug} className="shrink-0 snap-start">
            <Link
              prefetch={false}
              href={`/projects/${project.slug}`}
              data-testid="recently-viewed-item"
              data-slug={project.slug}
              className="flex w-56 items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 pr-3 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-accent"
            >
              <ProjectArt art={project.art} className="h-10 w-14 shrink-0 rounded-lg" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold">{project.title}</span>
                <span className="block truncate text-xs text-slate-500">by {project.creator}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
