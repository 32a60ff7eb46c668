import type { Metadata } from 'next';
import { Link } from '@/i18n/navigation';
import { connection } from 'next/server';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { localeAlternates, pageLocale } from '@/i18n/page-locale';
import { CardCampaignClock } from '@/components/campaign/CardCampaignClock';
import { Progress } from '@/components/Progress';
import { ProjectArt } from '@/components/ProjectArt';
import { FollowButton } from '@/components/feed/FollowButton';
import { RecentlyViewed } from '@/components/RecentlyViewed';
import { orUnavailable } from '@/components/unavailable-boundary';
import { readCataloguePage, readEndingSoon, readRecentlyEnded } from '@/lib/projects/catalogue';
import type { Project } from '@/lib/projects/types';
import { asLocale } from '@/i18n/routing';
import { catalogueCursorSchema } from '@/lib/projects/schemas';
import { Mark } from '@/components/Mark';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ after?: string | string[]; order?: string | string[] }>;
};

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'Home' });
  return {
    description: t('description'),
    alternates: localeAlternates(locale, ''),
  };
}

/**
 * One page of the catalogue (`/?after=<cursor>`), in two Redis commands whatever its size, the
 * same HTML for everyone: the visitor's recently viewed projects and follow buttons come after
 * hydration. Rendered once per change of the catalogue on each instance (lib/server/page-cache.ts).
 */
export default orUnavailable(async function HomePage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  await connection();
  const t = await getTranslations({ locale, namespace: 'Home' });
  const { after, order } = await searchParams;
  const ending = order === 'ending';
  const cursor =
    after === undefined ? { success: true as const, data: undefined } : catalogueCursorSchema.safeParse(after);
  if (!cursor.success) return <BadPageLink />;
  // The page is shared for seconds: a campaign ending meanwhile says "Ended" on its card (the browser's clock).
  const now = Date.now();
  const [{ projects, next }, ended] = await Promise.all([
    ending ? readEndingSoon({ after: cursor.data, now }) : readCataloguePage({ after: cursor.data }),
    ending || cursor.data ? [] : readRecentlyEnded({ limit: RECENTLY_ENDED, now }),
  ]);
  const open = projects.filter((project) => project.endsAt === undefined || project.endsAt > now);
  return (
    <div className="space-y-8">
      <section className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{ending ? t('titleEnding') : t('title')}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{t('lead')}</p>
        <Link
          prefetch={false}
          href={ending ? '/' : '/?order=ending'}
          data-testid="catalogue-order"
          className={`mt-4 inline-block ${navLink}`}
        >
          {ending ? t('allProjects') : t('endingSoon')}
        </Link>
      </section>
      {!ending && <RecentlyViewed />}
      {/* The live list holds open campaigns only; ended ones go under "Recently ended" (first page). */}
      <ProjectCards projects={open} />
      {ended.length > 0 && (
        <section aria-labelledby="recently-ended" data-testid="recently-ended" className="space-y-4">
          <h2 id="recently-ended" className="text-2xl font-bold tracking-tight">
            {t('recentlyEnded')}
          </h2>
          <ProjectCards projects={ended} />
        </section>
      )}
      {projects.length === 0 && !cursor.data && (
        <p className="text-slate-600 dark:text-slate-300">
          {ending ? t('noneEnding') : t.rich('noneYet', { code: (text) => <code>{text}</code> })}
        </p>
      )}
      <CatalogueNav next={next} paged={!!cursor.data} base={ending ? '/?order=ending' : '/'} t={t} />
    </div>
  );
});

/** Ended campaigns shown under "Recently ended", the latest end first. */
const RECENTLY_ENDED = 6;

/** Cards below the screen are laid out and painted when scrolled near (content-visibility): a phone's first frame drew every card of the page, up to 24. */
function ProjectCards({ projects }: { projects: readonly Project[] }) {
  const t = useTranslations('Home');
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li
          key={project.slug}
          className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 shadow-sm transition [contain-intrinsic-size:auto_380px] [content-visibility:auto] hover:-translate-y-0.5 hover:shadow-md"
        >
          <Link
            prefetch={false}
            href={`/projects/${project.slug}`}
            data-testid="project-card"
            className="group block flex-1 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent"
          >
            <ProjectArt art={project.art} className="h-32 w-full" />
            <div className="space-y-3 p-4">
              <div>
                <h2
                  data-testid="project-card-title"
                  className="text-lg font-bold wrap-break-word hyphens-auto group-hover:text-accent dark:group-hover:text-indigo-300"
                >
                  <bdi>{project.title}</bdi>
                </h2>
                <p className="text-sm text-slate-600 wrap-break-word hyphens-auto dark:text-slate-300">
                  <bdi>{project.tagline}</bdi>
                </p>
              </div>
              <Progress raised={project.raised} goal={project.goal} currency={project.currency} />
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t.rich('by', { name: () => <bdi>{project.creator}</bdi> })}
                </p>
                <CardCampaignClock endsAt={project.endsAt} goal={project.goal} raised={project.raised} />
              </div>
            </div>
          </Link>
          {/* Beside the link, not in it (a button inside <a> is invalid); every card's button shares one GET /api/follows. */}
          <div className="px-4 pb-4">
            <FollowButton slug={project.slug} title={project.title} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const navLink =
  'rounded-full border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-4 py-2 text-sm hover:border-accent dark:hover:border-indigo-400 hover:text-accent dark:hover:text-indigo-300 focus-visible:outline-2 focus-visible:outline-accent';

/** Plain links, rendered on the server: paging works without JavaScript. */
function CatalogueNav({
  next,
  paged,
  base,
  t,
}: {
  next: string | null;
  paged: boolean;
  base: string;
  t: Awaited<ReturnType<typeof getTranslations<'Home'>>>;
}) {
  if (!next && !paged) return null;
  return (
    <nav aria-label={t('pagesLabel')} className="flex flex-wrap gap-3">
      {paged && (
        <Link prefetch={false} href={base} className={navLink}>
          <Mark name="arrow" className="inline-block h-4 w-4 -scale-x-100 align-[-0.15em] rtl:scale-x-100" />{' '}
          {t('first')}
        </Link>
      )}
      {next && (
        <Link
          prefetch={false}
          href={`${base}${base.includes('?') ? '&' : '?'}after=${encodeURIComponent(next)}`}
          rel="next"
          data-testid="catalogue-next"
          className={navLink}
        >
          {t('pages')} <Mark name="arrow" className="inline-block h-4 w-4 align-[-0.15em] rtl:-scale-x-100" />
        </Link>
      )}
    </nav>
  );
}

function BadPageLink() {
  const t = useTranslations('Home');
  return (
    <div className="space-y-4" role="alert">
      <h1 className="text-2xl font-bold">{t('badLink')}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t('badLinkBody')}</p>
      <Link href="/" className={navLink}>
        {t('firstPageLink')}
      </Link>
    </div>
  );
}
