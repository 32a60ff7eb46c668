import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { localeAlternates, pageLocale } from '@/i18n/page-locale';
import { cache } from 'react';
import { FollowButton } from '@/components/feed/FollowButton';
import { LiveProject } from '@/components/live/LiveProject';
import { ShareButton } from '@/components/live/ShareButton';
import { ProjectArt } from '@/components/ProjectArt';
import ProjectNotFound from './not-found';
import { orUnavailable } from '@/components/unavailable-boundary';
import { isNotFound } from '@/lib/errors';
import { slugSchema } from '@/lib/live-events/schemas';
import { getProject, isListed } from '@/lib/projects/catalogue';
import { readSnapshotForPage } from '@/lib/realtime/shared-snapshots';
import { asLocale } from '@/i18n/routing';

type Props = { params: Promise<{ slug: string; locale: string }> };

const notFoundAsNull = (error: unknown) => {
  if (isNotFound(error)) return null;
  throw error;
};

const isSlug = (slug: string) => slugSchema.safeParse(slug).success;
const loadProject = cache(async (slug: string) => (isSlug(slug) ? getProject(slug) : null));

/**
 * What a shared link previews: the title, the tagline, and the image of opengraph-image.tsx and
 * twitter-image.tsx, which Next adds itself. URLs are absolute from PUBLIC_ORIGIN (app/[locale]/layout.tsx).
 * One HEXISTS more per render: whether it is listed.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'Project' });
  // Redis away: the page says so itself (orUnavailable), and nothing is worth previewing.
  const [project, listed] = await Promise.all([
    loadProject(slug).catch(() => undefined),
    isSlug(slug) ? isListed(slug).catch(() => true) : true,
  ]);
  if (project === undefined) return { title: t('project') };
  if (project === null) return { title: t('noSuch'), robots: { index: false } };
  const { title } = project;
  const description = project.tagline || t('describe', { title: project.title, creator: project.creator });
  const url = `/${locale}/projects/${slug}`;
  return {
    title,
    description,
    // The same project in the other languages: a search engine offers each reader theirs.
    alternates: localeAlternates(locale, `/projects/${slug}`),
    // An unlisted project (a QA one) is reached by its link, but kept out of search engines.
    ...(!listed && { robots: { index: false } }),
    openGraph: { siteName: 'crowdpulse', type: 'website', url, title, description },
    twitter: { card: 'summary_large_image', title, description },
  };
}

/**
 * The same HTML for everyone: the follow state comes after hydration. Rendered once per version
 * of the project on each instance (lib/server/page-cache.ts), its snapshot the relay's copy.
 */
export default orUnavailable(async function ProjectPage({ params }: Props) {
  const locale = await pageLocale(params);
  await connection();
  const { slug } = await params;
  const t = await getTranslations({ locale, namespace: 'Project' });
  if (!isSlug(slug)) notFound();
  // Both reads at once; an unknown project fails the snapshot too, and is a 404 either way.
  const [project, snapshot] = await Promise.all([loadProject(slug), readSnapshotForPage(slug).catch(notFoundAsNull)]);
  // Rendered here rather than thrown (notFound()): Next's answer to a throw is an empty shell until
  // JavaScript runs. The panel's mark makes the page cache answer 404 (lib/server/page-marks.ts).
  if (!project || !snapshot) return <ProjectNotFound />;
  return (
    <article className="space-y-4 sm:space-y-6">
      {/* On a phone the figures and the Back form must be on the first screen: a shorter
          picture, the title and tagline only; the description follows the form (LiveProject). */}
      <header className="overflow-hidden rounded-3xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 shadow-sm">
        <ProjectArt art={project.art} className="h-20 w-full sm:h-56" />
        <div className="p-4 sm:p-7">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t.rich('by', {
              link: () => (
                <Link
                  prefetch={false}
                  href={`/creators/${project.creatorAccount}`}
                  data-testid="creator-link"
                  className="font-bold text-accent dark:text-indigo-300 hover:underline"
                >
                  <bdi>{project.creator}</bdi>
                </Link>
              ),
            })}
          </p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <h1
              data-testid="project-title"
              className="min-w-0 text-2xl font-bold tracking-tight wrap-break-word hyphens-auto sm:text-4xl"
            >
              <bdi>{project.title}</bdi>
            </h1>
            <span className="flex flex-wrap items-center gap-2">
              <ShareButton slug={project.slug} title={project.title} />
              <FollowButton slug={project.slug} title={project.title} />
            </span>
          </div>
          <p className="mt-1 text-base text-slate-600 sm:mt-2 sm:text-lg dark:text-slate-300">
            <bdi>{project.tagline}</bdi>
          </p>
        </div>
      </header>
      <LiveProject project={project} snapshot={snapshot} />
    </article>
  );
});
