'use client';

import { useEffect, useState } from 'react';
import { PERIOD_LABELS, PERIODS } from '@/lib/leaderboard/periods';
import type { BoardStanding, PlayerStanding as Standing } from '@/lib/leaderboard/types';
import type { SubmitResult } from '@/lib/quiz/types';
import { points } from './Breakdown';

const PLAYERS_OF: Record<(typeof PERIODS)[number], string> = {
  day: 'today’s players',
  week: 'this week’s players',
  all: 'all players',
};

/** One board's line: the exact rank on the board, else the histogram's range and percentile. */
export function placeText(standing: BoardStanding, period: (typeof PERIODS)[number]): string | null {
  if (standing.best === null || !standing.approximateRank) return null;
  const of = `of ${points(standing.players)}`;
  if (standing.rank !== null) return `#${standing.rank} ${of}`;
  const { from, to } = standing.approximateRank;
  const range = from === to ? `#${points(from)}` : `#${points(from)}–${points(to)}`;
  return `${range} ${of}: better than ${standing.betterThan} % of ${PLAYERS_OF[period]}`;
}

/**
 * After a submit: where the player's best stands on each board, on the top 100 or far below it
 * (GET /api/leaderboard/players/:player, from each board's score histogram), and on which boards
 * this game was a new best of theirs.
 */
export function PlayerStanding({ result }: { result: SubmitResult }) {
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => {
    if (!result.player) return;
    const controller = new AbortController();
    fetch(`/api/leaderboard/players/${result.player}`, { cache: 'no-store', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Standing>) : null))
      .then(setStanding, () => undefined);
    return () => controller.abort();
  }, [result]);

  const improved = PERIODS.filter((period) => result.improved[period]).map((period) =>
    PERIOD_LABELS[period].toLowerCase(),
  );
  return (
    <div
      data-testid="quiz-standing"
      className="rounded-xl border border-slate-200 dark:border-slate-700 p-4 text-start text-sm"
    >
      {improved.length > 0 && (
        <p data-testid="quiz-improved" className="mb-2 font-semibold text-emerald-800 dark:text-emerald-200">
          New best of yours: {improved.join(', ')}.
        </p>
      )}
      <p className="font-semibold text-slate-700 dark:text-slate-300">Where your best stands</p>
      <dl className="mt-1 space-y-1">
        {PERIODS.map((period) => {
          const board = standing?.boards[period];
          const text = board && placeText(board, period);
          return (
            <div key={period} data-testid="quiz-standing-row" data-period={period} className="flex flex-wrap gap-x-2">
              <dt className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{PERIOD_LABELS[period]}</dt>
              <dd className="min-w-0 flex-1 tabular-nums">
                {board?.best != null ? `${points(board.best)} · ${text}` : standing ? '—' : '…'}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
