import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localizedMetadata, pageLocale, type LocaleParams } from '@/i18n/page-locale';
import { Link } from '@/i18n/navigation';
import { connection } from 'next/server';
import { LiveLeaderboard } from '@/components/leaderboard/LiveLeaderboard';
import { orUnavailable } from '@/components/unavailable-boundary';
import { BOARD_SIZE, isPeriod, readBoards } from '@/lib/leaderboard';

export const generateMetadata = (props: LocaleParams): Promise<Metadata> =>
  localizedMetadata(props, 'leaderboard', '/leaderboard');

/** The three boards and the server's clock when they were read (rows say "3 minutes ago" on that clock). */
async function loadBoards() {
  return { boards: await readBoards(), serverTime: Date.now() };
}

type Props = { searchParams: Promise<{ period?: string | string[] }> };

/** The same HTML for everyone (shared by the page cache): the quiz's `?entry=` row is highlighted in the browser. */
export default orUnavailable(async function LeaderboardPage({ params, searchParams }: Props & LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Pages' });
  const board = await getTranslations({ locale, namespace: 'Leaderboard' });
  await connection();
  const { period } = await searchParams;
  const loaded = await loadBoards();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <section className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('leaderboardTitle')}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{board('intro', { size: BOARD_SIZE })}</p>
        </div>
        <Link
          prefetch={false}
          href="/quiz"
          className="rounded-lg bg-accent px-4 py-2.5 font-bold text-white shadow-sm hover:bg-indigo-700"
        >
          {board('play')}
        </Link>
      </section>
      <LiveLeaderboard
        initial={loaded.boards}
        serverTime={loaded.serverTime}
        period={isPeriod(period) ? period : 'all'}
        highlight="from-url"
      />
    </div>
  );
});
