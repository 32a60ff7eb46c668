'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { SubmitResult } from '@/lib/quiz/types';
import { plural } from '../live/format';

const VERDICTS = [
  [10, 'Flawless. You may already be a buzzword.'],
  [8, 'Impressive: you can tell hype from make-believe.'],
  [5, 'Not bad. Some of the real ones are hard to believe.'],
  [0, 'The made-up ones were convincing, weren’t they?'],
] as const;

type Props = {
  sessionId: string;
  score: number;
  total: number;
  busy: boolean;
  error: string | null;
  result?: SubmitResult;
  onSubmit: (name: string) => void;
  onRestart: () => void;
};

/** The final score, the name form, then the rank, or the score that would have entered the board. */
export function QuizFinish({ sessionId, score, total, busy, error, result, onSubmit, onRestart }: Props) {
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const boardLinkRef = useRef<HTMLAnchorElement>(null);
  const verdict = VERDICTS.find(([least]) => score >= least)?.[1];

  useEffect(() => (result ? boardLinkRef.current : nameRef.current)?.focus(), [result]);

  return (
    <div className="space-y-6">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your score</p>
        <p data-testid="quiz-score" data-score={score} className="mt-1 text-6xl font-bold tabular-nums tracking-tight">
          {score}
          <span className="text-2xl font-semibold text-slate-500"> / {total}</span>
        </p>
        <p className="mt-2 text-slate-600">{verdict}</p>
      </div>

      {!result ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(name);
          }}
        >
          <label className="block text-sm font-medium text-slate-700">
            Your name on the leaderboard
            <input
              ref={nameRef}
              data-testid="quiz-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={20}
              required
              autoComplete="nickname"
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-indigo-200"
            />
          </label>
          <button
            type="submit"
            data-testid="quiz-submit"
            disabled={busy}
            className="w-full rounded-lg bg-accent px-4 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
          >
            {busy ? 'Submitting…' : 'Enter the leaderboard'}
          </button>
          <p aria-live="polite" className="min-h-5 text-sm text-red-700">{error}</p>
        </form>
      ) : (
        <div className="space-y-4 text-center">
          <p data-testid="quiz-rank" data-rank={result.rank ?? ''} role="status" className="rounded-xl bg-indigo-50 p-4 text-lg font-semibold text-indigo-950">
            {result.rank !== null
              ? `You’re #${result.rank} on the board!`
              : `Not on the board this time: ${result.threshold} ${plural(result.threshold, 'point', 'points')} would have entered it.`}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Link
              prefetch={false}
              ref={boardLinkRef}
              href={`/leaderboard?entry=${sessionId}`}
              className="rounded-lg bg-accent px-4 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              See the leaderboard <span aria-hidden>→</span>
            </Link>
            <button type="button" onClick={onRestart} className="rounded-lg border border-slate-300 px-4 py-3 font-semibold hover:bg-slate-50">
              Play again
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
