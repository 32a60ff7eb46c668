import { headers } from 'next/headers';
import Link from 'next/link';
import { connection } from 'next/server';
import { Progress } from '@/components/Progress';
import { ProjectArt } from '@/components/ProjectArt';
import { RecentlyViewed } from '@/components/RecentlyViewed';
import { Unavailable } from '@/components/Unavailable';
import { listProjects } from '@/lib/projects/catalogue';
import { isRedisUnavailable } from '@/lib/redis/errors';
import { visitorFromCookies } from '@/lib/visitors/cookie';
import { hydrateRecentlyViewed, readRecentlyViewed } from '@/lib/visitors/recently-viewed';

export default async function HomePage() {
  await connection();
  const visitor = visitorFromCookies((await headers()).get('cookie') ?? undefined);
  let projects, recent;
  try {
    // The recently viewed slugs are read beside the catalogue and hydrated from it.
    const [catalogue, viewed] = await Promise.all([listProjects(), visitor ? readRecentlyViewed(visitor) : []]);
    projects = catalogue;
    recent = hydrateRecentlyViewed(viewed, catalogue);
  } catch (error) {
    if (isRedisUnavailable(error)) return <Unavailable />;
    throw error;
  }
  return (
    <div className="space-y-8">
      <section className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Projects people are backing right now</h1>
        <p className="mt-3 text-slate-600">
          Every page is live: contributions, news and viewers arrive as they happen, and leave when their time is up.
        </p>
      </section>
      <RecentlyViewed projects={recent} />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <li key={project.slug}>
            <Link
              prefetch={false}
              href={`/projects/${project.slug}`}
              data-testid="project-card"
              className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-accent"
            >
              <ProjectArt art={project.art} className="h-32 w-full" />
              <div className="space-y-3 p-4">
                <div>
                  <h2 className="text-lg font-semibold group-hover:text-accent">{project.title}</h2>
                  <p className="text-sm text-slate-600">{project.tagline}</p>
                </div>
                <Progress raised={project.raised} goal={project.goal} />
                <p className="text-xs text-slate-500">by {project.creator}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {projects.length === 0 && <p className="text-slate-600">No projects yet. Run <code>npm run seed</code> to load the demo projects.</p>}
    </div>
  );
}
