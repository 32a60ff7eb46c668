'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { InputReason } from '@/lib/input-reason';
import type { AnsweredQuestion, PublicQuestion, SubmitResult } from '@/lib/quiz/types';
import { NameField } from '../NameField';
import { useFormat } from '../use-format';
import { points } from './Breakdown';
import { rankText } from './finish-text';
import { PlayerStanding } from './PlayerStanding';
import { Mark } from '../Mark';

const VERDICTS = [
  [10, 'verdict10'],
  [8, 'verdict8'],
  [5, 'verdict5'],
  [0, 'verdict0'],
] as const;

const BUZZWORD = /^“(.+)”: a real tech buzzword/;

type Props = {
  sessionId: string;
  score: number;
  questions: PublicQuestion[];
  answers: AnsweredQuestion[];
  busy: boolean;
  error: string | null;
  /** Why the server refused the name, worded beside its field. */
  nameRefused: Partial<InputReason> | null;
  result?: SubmitResult;
  onSubmit: (name: string) => void;
  onRestart: () => void;
};

/** The final score, the name form, then the rank, or the score that would have entered the board. */
export function QuizFinish({
  sessionId,
  score,
  questions,
  answers,
  busy,
  error,
  nameRefused,
  result,
  onSubmit,
  onRestart,
}: Props) {
  const t = useTranslations('QuizFinish');
  const quiz = useTranslations('Quiz');
  const format = useFormat();
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(false);
  // The server's words are for developers ("name: must not be empty"): the visitor reads the page's own, by its reason.
  const nameProblem = ({ reason, limit }: Partial<InputReason>) => {
    if (reason === 'too_long' && limit !== undefined) return t('nameTooLong', { max: limit });
    return reason === 'required' ? t('nameEmpty') : t('nameInvalid');
  };
  const nameError = empty ? t('nameEmpty') : nameRefused ? nameProblem(nameRefused) : null;
  const nameRef = useRef<HTMLInputElement>(null);
  const boardLinkRef = useRef<HTMLAnchorElement>(null);
  const right = answers.filter((answer) => answer.correct).length;
  const total = (part: 'points' | 'speed') => answers.reduce((sum, answer) => sum + answer.breakdown[part], 0);
  const verdict = VERDICTS.find(([least]) => right >= least)?.[1];

  useEffect(() => (result ? boardLinkRef.current : nameRef.current)?.focus(), [result]);
  useEffect(() => {
    if (nameError) nameRef.current?.focus();
  }, [nameError]);

  return (
    <div className="space-y-6">
      <div className="text-center">
        <p className="text-sm font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t('yourScore')}</p>
        <p data-testid="quiz-score" data-score={score} className="mt-1 text-6xl font-bold tabular-nums tracking-tight">
          {points(score)}
        </p>
        <p data-testid="quiz-right" data-right={right} className="mt-1 font-bold text-slate-700 dark:text-slate-300">
          {t('right', {
            right,
            total: questions.length,
            points: points(total('points')),
            speed: points(total('speed')),
          })}
        </p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{verdict && t(verdict)}</p>
      </div>

      <details className="rounded-xl border border-slate-200 dark:border-slate-700" open={!result}>
        <summary className="cursor-pointer px-4 py-2.5 text-sm font-bold text-slate-700 dark:text-slate-300">
          {t('answers')}
        </summary>
        <ol
          data-testid="quiz-breakdown"
          className="divide-y divide-slate-100 dark:divide-slate-800 border-t border-slate-100 dark:border-slate-800 text-sm"
        >
          {answers.map((answer, i) => {
            const question = questions[i]!;
            return (
              <li key={question.id} data-testid="quiz-breakdown-row" className="flex items-start gap-3 px-4 py-2">
                <span
                  role="img"
                  aria-label={answer.correct ? t('right_') : t('wrong')}
                  className={
                    answer.correct ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'
                  }
                >
                  <Mark name={answer.correct ? 'check' : 'cross'} className="h-4 w-4" />
                </span>
                {/* Wrapped, not cut: a multiple-choice question is a sentence, and a phone is narrow. */}
                <span data-testid="quiz-breakdown-question" dir="auto" className="min-w-0 flex-1 wrap-break-word">
                  {BUZZWORD.exec(question.text)?.[1] ?? question.text}
                </span>
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400 tabular-nums">
                  {quiz('seconds', { seconds: format.decimal(answer.breakdown.elapsedMs / 1000) })}
                </span>
                <span className="w-24 shrink-0 text-end font-bold tabular-nums">
                  {answer.correct ? `${points(answer.breakdown.points)} + ${points(answer.breakdown.speed)}` : '0'}
                </span>
              </li>
            );
          })}
        </ol>
      </details>

      {!result ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            setEmpty(name.trim() === '');
            if (name.trim() !== '') onSubmit(name);
          }}
        >
          <NameField
            label={t('nameLabel')}
            ref={nameRef}
            data-testid="quiz-name"
            value={name}
            onChange={setName}
            maxLength={20}
            padding="py-2.5"
            error={nameError}
          />
          <button
            type="submit"
            data-testid="quiz-submit"
            disabled={busy}
            className="w-full rounded-lg bg-accent px-4 py-3 font-bold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
          >
            {busy ? t('submitting') : t('submit')}
          </button>
          <p aria-live="polite" className="min-h-5 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        </form>
      ) : (
        <div className="space-y-4 text-center">
          <p
            data-testid="quiz-rank"
            data-rank={result.rank ?? ''}
            data-shared-by={result.sharedBy.all}
            role="status"
            className="rounded-xl bg-indigo-50 dark:bg-indigo-950/60 p-4 text-lg font-bold text-indigo-950 dark:text-indigo-100"
          >
            {rankText(t, result)}
          </p>
          <PlayerStanding result={result} />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Link
              prefetch={false}
              ref={boardLinkRef}
              href={`/leaderboard?entry=${sessionId}&period=${result.rank !== null ? 'all' : result.ranks.week !== null ? 'week' : 'day'}`}
              className="rounded-lg bg-accent px-4 py-3 font-bold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {t('seeBoard')} <Mark name="arrow" className="inline-block h-4 w-4 align-[-0.15em] rtl:-scale-x-100" />
            </Link>
            <button
              type="button"
              onClick={onRestart}
              className="rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-3 font-bold hover:bg-slate-50 dark:hover:bg-slate-800/60"
            >
              {t('playAgain')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
