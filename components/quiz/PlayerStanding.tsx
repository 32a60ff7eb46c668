'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { PERIODS } from '@/lib/leaderboard/periods';
import type { BoardStanding, PlayerStanding as Standing } from '@/lib/leaderboard/types';
import type { SubmitResult } from '@/lib/quiz/types';
import { useFormat } from '../use-format';
import type { FinishT } from './finish-text';

/** One board's line: the exact rank on the board, else the histogram's range and percentile. */
export function placeText(
  t: FinishT,
  count: (n: number) => string,
  standing: BoardStanding,
  period: (typeof PERIODS)[number],
): string | null {
  if (standing.best === null || !standing.approximateRank) return null;
  const players = count(standing.players);
  if (standing.rank !== null) return t('standingExact', { rank: count(standing.rank), players });
  const { from, to } = standing.approximateRank;
  const values = { from: count(from), to: count(to), players, better: count(standing.betterThan ?? 0) };
  return from === to ? t(`standingAt_${period}`, values) : t(`standingRange_${period}`, values);
}

/**
 * After a submit: where the player's best stands on each board, on the top 100 or far below it
 * (GET /api/leaderboard/players/:player, from each board's score histogram), and on which boards
 * this game was a new best of theirs.
 */
export function PlayerStanding({ result }: { result: SubmitResult }) {
  const t = useTranslations('QuizFinish');
  const board = useTranslations('Leaderboard');
  const format = useFormat();
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => {
    if (!result.player) return;
    const controller = new AbortController();
    fetch(`/api/leaderboard/players/${result.player}`, { cache: 'no-store', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Standing>) : null))
      .then(setStanding, () => undefined);
    return () => controller.abort();
  }, [result]);

  const improved = PERIODS.filter((period) => result.improved[period]).map((period) => t(`on_${period}`));
  const [a = '', b = '', c = ''] = improved;
  return (
    <div
      data-testid="quiz-standing"
      className="rounded-xl border border-slate-200 dark:border-slate-700 p-4 text-start text-sm"
    >
      {improved.length > 0 && (
        <p data-testid="quiz-improved" className="mb-2 font-bold text-emerald-800 dark:text-emerald-200">
          {t('newBest', { count: improved.length, a, b, c })}
        </p>
      )}
      <p className="font-bold text-slate-700 dark:text-slate-300">{t('whereBest')}</p>
      <dl className="mt-1 space-y-1">
        {PERIODS.map((period) => {
          const mine = standing?.boards[period];
          const text = mine && placeText(t, format.count, mine, period);
          return (
            <div key={period} data-testid="quiz-standing-row" data-period={period} className="flex flex-wrap gap-x-2">
              <dt className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{board(period)}</dt>
              <dd className="min-w-0 flex-1 tabular-nums">
                {mine?.best != null ? `${format.count(mine.best)} · ${text}` : standing ? '—' : '…'}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
