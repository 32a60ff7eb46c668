'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { Project } from '@/lib/projects/types';
import { ProjectArt } from './ProjectArt';

/**
 * The visitor's recently viewed projects, newest first, asked for after hydration so that the
 * home page's HTML is the same for everyone; nothing at all when there are none (or the ask fails).
 */
export function RecentlyViewed() {
  const [projects, setProjects] = useState<Project[]>([]);
  useEffect(() => {
    let current = true;
    fetch('/api/recently-viewed')
      .then((response) => (response.ok ? (response.json() as Promise<{ projects: Project[] }>) : { projects: [] }))
      .then((body) => current && setProjects(body.projects))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const t = useTranslations('Home');
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading">
      <h2
        id="recently-viewed-heading"
        className="text-sm font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {t('recentlyViewed')}
      </h2>
      <ol data-testid="recently-viewed" className="-mx-4 mt-3 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2">
        {projects.map((project) => (
          <li key={project.slug} className="shrink-0 snap-start">
            <Link
              prefetch={false}
              href={`/projects/${project.slug}`}
              data-testid="recently-viewed-item"
              data-slug={project.slug}
              className="flex w-56 items-center gap-3 rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-2 pe-3 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-accent"
            >
              <ProjectArt art={project.art} className="h-10 w-14 shrink-0 rounded-lg" />
              <span className="min-w-0">
                <bdi className="block truncate text-sm font-bold">{project.title}</bdi>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {t.rich('by', { name: () => <bdi>{project.creator}</bdi> })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
