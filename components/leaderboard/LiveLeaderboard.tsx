'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useFormat } from '../use-format';
import type { Period } from '@/lib/leaderboard/periods';
import type { Board, Boards, RankedEntry } from '@/lib/leaderboard/types';
import { ConnectionStatus } from '../ConnectionStatus';
import { RelativeTime } from '../RelativeTime';
import { BoardTabs } from './BoardTabs';
import { useLiveLeaderboard } from './use-live-leaderboard';

const MEDALS = [
  'bg-amber-400 text-amber-950 dark:text-amber-100',
  'bg-slate-300 dark:bg-slate-600 text-slate-800 dark:text-slate-200',
  'bg-orange-300 text-orange-950',
];

type Props = {
  /** Server-rendered boards; null on a client-rendered page, until the first watch answers. */
  initial: Boards | null;
  serverTime: number;
  period: Period;
  /** The row to highlight and scroll to; `'from-url'`: the quiz's `?entry=<session id>`, read in the browser so the page's HTML is the same for everyone. */
  highlight?: string | 'from-url';
  /** Something to show at the end of each row (the admin's remove button). */
  action?: (entry: RankedEntry) => ReactNode;
};

/** Today's, this week's and the all time board as tabs, all three live; the shown tab is kept in `?period=`. */
export function LiveLeaderboard({ initial, serverTime, period: initialPeriod, highlight: asked, action }: Props) {
  const { boards, arrived, connection } = useLiveLeaderboard(initial, serverTime);
  const [period, setPeriod] = useState(initialPeriod);
  const t = useTranslations('Leaderboard');
  const format = useFormat();
  const now = useServerClock(serverTime);
  const highlighted = useRef<HTMLLIElement>(null);
  const highlight = useHighlight(asked);

  useEffect(() => highlighted.current?.scrollIntoView({ block: 'center' }), [highlight]);

  const select = (next: Period) => {
    setPeriod(next);
    const url = new URL(window.location.href);
    url.searchParams.set('period', next);
    window.history.replaceState(window.history.state, '', url);
  };

  if (!boards) {
    return (
      <section className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 px-5 py-4 text-slate-600 dark:text-slate-300 shadow-sm">
        Loading the boards…
        <ConnectionStatus state={connection} />
      </section>
    );
  }
  const board = boards[period];
  const free = board.size - board.entries.length;
  const tiedRanks = sharedRanks(board.entries);

  return (
    <section
      className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 shadow-sm"
      aria-label="Leaderboard"
    >
      <div className="border-b border-slate-100 dark:border-slate-800 p-2 sm:p-3">
        <BoardTabs
          selected={period}
          spans={{ day: boards.day.span, week: boards.week.span, all: boards.all.span }}
          onSelect={select}
          controls="board-panel"
        />
      </div>
      <div
        id="board-panel"
        role="tabpanel"
        aria-labelledby={`board-tab-${period}`}
        data-testid="leaderboard-panel"
        data-period={period}
        data-span={board.span.id}
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 dark:border-slate-800 px-4 py-3 sm:px-5">
          {/* A line of its own on a phone: the pills beside it change width as the status goes live, and would wrap, then unwrap (a layout shift). */}
          <h2 className="basis-full text-sm font-bold uppercase tracking-wide text-slate-500 sm:basis-auto dark:text-slate-400">
            {t('top', { size: format.count(board.size), period: t(period) })}
          </h2>
          <div className="flex items-center gap-2">
            <span
              data-testid="leaderboard-threshold"
              className="rounded-full bg-indigo-50 dark:bg-indigo-950/60 px-3 py-1 text-xs font-bold text-accent dark:text-indigo-300"
            >
              {free > 0
                ? t('placesLeft', { count: free })
                : t('pointsToRank', { points: format.count(board.threshold) })}
            </span>
            <ConnectionStatus state={connection} />
          </div>
        </div>
        <ol
          data-testid="leaderboard"
          aria-live="polite"
          aria-relevant="additions"
          className="divide-y divide-slate-100 dark:divide-slate-800"
        >
          {board.entries.map((entry) => (
            <Row
              key={entry.id}
              entry={entry}
              now={now}
              arrived={arrived.has(entry.id)}
              tied={tiedRanks.has(entry.rank)}
              mine={entry.id === highlight}
              rowRef={entry.id === highlight ? highlighted : undefined}
              action={action?.(entry)}
            />
          ))}
        </ol>
        <TiePastTheEnd board={board} />
        {board.entries.length === 0 && (
          <p data-testid="leaderboard-empty" className="px-5 py-10 text-center text-slate-600 dark:text-slate-300">
            {t.rich(`empty_${period}`, {
              link: (text) => (
                <Link
                  prefetch={false}
                  href="/quiz"
                  className="font-bold text-accent dark:text-indigo-300 hover:underline"
                >
                  {text}
                </Link>
              ),
            })}
          </p>
        )}
      </div>
    </section>
  );
}

/** The ranks more than one row holds (equal scores share a rank, docs/leaderboard.md). */
function sharedRanks(entries: RankedEntry[]): Set<number> {
  return new Set(entries.filter((entry, i) => entries[i - 1]?.rank === entry.rank).map((entry) => entry.rank));
}

/** A full board whose last place is shared by more players than it lists: how many more, and at what rank. */
function TiePastTheEnd({ board }: { board: Board }) {
  const last = board.entries.at(-1);
  const listed = board.entries.filter((entry) => entry.score === last?.score).length;
  const more = board.lastPlacePlayers - listed;
  const t = useTranslations('Leaderboard');
  const format = useFormat();
  if (!last || board.entries.length < board.size || more <= 0) return null;
  return (
    <p
      data-testid="leaderboard-tie"
      data-players={board.lastPlacePlayers}
      className="border-t border-slate-100 dark:border-slate-800 bg-indigo-50/60 dark:bg-indigo-950/40 px-4 py-3 text-sm text-indigo-950 dark:text-indigo-100 sm:px-5"
    >
      {t.rich('tieMore', {
        more,
        rank: last.rank,
        score: last.score,
        players: format.count(board.lastPlacePlayers),
        listed: format.count(listed),
        strong: (chunks) => <strong className="font-bold">{chunks}</strong>,
      })}
    </p>
  );
}

type RowProps = {
  entry: RankedEntry;
  now: number;
  arrived: boolean;
  tied: boolean;
  mine: boolean;
  rowRef?: React.Ref<HTMLLIElement>;
  action?: ReactNode;
};

function Row({ entry, now, arrived, tied, mine, rowRef, action }: RowProps) {
  const medal = MEDALS[entry.rank - 1] ?? 'bg-slate-100 dark:bg-slate-800 text-slate-600 dark:text-slate-300';
  // Slate-500 is too faint on the highlighted row's indigo (axe: colour contrast).
  const muted = mine ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400';
  const t = useTranslations('Leaderboard');
  const format = useFormat();
  return (
    <li
      ref={rowRef}
      data-testid="leaderboard-row"
      data-rank={entry.rank}
      data-tied={tied ? 'true' : undefined}
      data-id={entry.id}
      aria-current={mine ? 'true' : undefined}
      className={`flex items-center gap-3 px-4 py-2.5 [contain-intrinsic-size:auto_57px] [content-visibility:auto] sm:px-5 ${arrived ? 'animate-slide-in' : ''} ${mine ? 'bg-indigo-50 dark:bg-indigo-950/60 shadow-[inset_4px_0_0_var(--color-accent)] rtl:shadow-[inset_-4px_0_0_var(--color-accent)]' : ''}`}
    >
      <span className={`grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold tabular-nums ${medal}`}>
        <span className="sr-only">{t('rank')} </span>
        {entry.rank}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <bdi className="truncate">{entry.name}</bdi>
          {mine && (
            <span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white">{t('you')}</span>
          )}
        </span>
        <span className={`block text-xs ${muted}`}>
          {tied && (
            <span className="font-bold text-accent dark:text-indigo-300">{t('tiedFor', { rank: entry.rank })}</span>
          )}
          <EntryDate at={entry.date} now={now} />
        </span>
      </span>
      <span className="shrink-0 text-end">
        <strong className="text-lg font-bold tabular-nums">{format.count(entry.score)}</strong>
        <span className={`ms-1 text-xs ${muted}`}>{t('pts', { count: entry.score })}</span>
      </span>
      {action}
    </li>
  );
}

/** The server's clock, ticking: "2 minutes ago" is right even when the browser's clock is not. */
const SESSION_ID = /^[A-Za-z0-9_-]{12}$/;

const noSubscription = () => () => undefined;

/** The server renders no highlight; the browser reads `?entry=` once hydrated. */
function useHighlight(asked: Props['highlight']): string | undefined {
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  );
  if (asked !== 'from-url') return asked;
  const entry = new URLSearchParams(search).get('entry');
  return entry && SESSION_ID.test(entry) ? entry : undefined;
}

function useServerClock(serverTime: number): number {
  const [now, setNow] = useState(serverTime);
  useEffect(() => {
    const offset = serverTime - Date.now();
    const timer = setInterval(() => setNow(Date.now() + offset), 15_000);
    return () => clearInterval(timer);
  }, [serverTime]);
  return now;
}

const DAY = 24 * 3_600_000;

function EntryDate({ at, now }: { at: number; now: number }) {
  const format = useFormat();
  if (now - at < DAY) return <RelativeTime at={at} now={now} />;
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {format.date(at)}
    </time>
  );
}
