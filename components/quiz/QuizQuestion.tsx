'use client';

import { useTranslations } from 'next-intl';
import { useLayoutEffect, useRef } from 'react';
import type { AnsweredQuestion, PublicQuestion } from '@/lib/quiz/types';
import { AnswerPoints } from './Breakdown';
import { feedbackOf } from './feedback';
import { Mark } from '../Mark';

type Props = {
  question: PublicQuestion;
  number: number;
  total: number;
  answered?: AnsweredQuestion;
  busy: boolean;
  onChoose: (choice: number) => void;
  onNext: () => void;
};

const BUZZWORD = /^“(.+)”: a real tech buzzword, or made up\?$/;
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** One question: number keys or arrows + Enter choose; the feedback and its explanation follow at once. */
export function QuizQuestion({ question, number, total, answered, busy, onChoose, onNext }: Props) {
  const t = useTranslations('Quiz');
  const headingRef = useRef<HTMLDivElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const term = BUZZWORD.exec(question.text)?.[1];
  const feedback = answered && feedbackOf(answered.correct, question.choices[answered.answer]!, answered.explanation);

  // Layout effects: the focus moves and the keys listen in the same commit that shows the question
  // or its feedback, so a key pressed as soon as it is on screen is never lost.
  useLayoutEffect(() => headingRef.current?.focus(), [question.id]);
  useLayoutEffect(() => {
    if (answered) nextRef.current?.focus();
  }, [answered]);
  useLayoutEffect(() => {
    if (answered || busy) return;
    const onKey = (event: KeyboardEvent) => {
      const choice = Number(event.key) - 1;
      if (event.altKey || event.ctrlKey || event.metaKey || !Number.isInteger(choice)) return;
      if (choice < 0 || choice >= question.choices.length) return;
      event.preventDefault();
      onChoose(choice);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [answered, busy, question.choices.length, onChoose]);

  const moveFocus = (event: React.KeyboardEvent) => {
    const step = STEPS[event.key];
    const buttons = [...(choicesRef.current?.querySelectorAll<HTMLButtonElement>('button:enabled') ?? [])];
    if (!step || buttons.length === 0) return;
    event.preventDefault();
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      current === -1 ? (step > 0 ? 0 : buttons.length - 1) : (current + step + buttons.length) % buttons.length;
    buttons[next]!.focus();
  };

  return (
    <div onKeyDown={moveFocus} className="space-y-5">
      <div
        ref={headingRef}
        tabIndex={-1}
        data-testid="quiz-question"
        data-id={question.id}
        className="scroll-mt-28 rounded-lg focus:outline-none"
      >
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('questionOf', { number, total })}
          {term && t('buzzwordPrompt')}
        </p>
        <h2 dir="auto" className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {term ? `“${term}”` : question.text}
        </h2>
      </div>

      <div
        ref={choicesRef}
        role="group"
        aria-label={t('choices')}
        className={`grid gap-2 ${term ? 'grid-cols-2' : ''}`}
      >
        {question.choices.map((choice, i) => (
          <button
            key={choice}
            type="button"
            data-testid="quiz-choice"
            disabled={!!answered || busy}
            onClick={() => onChoose(i)}
            className={`flex min-h-12 items-center gap-3 rounded-xl border-2 px-4 py-3 text-start transition ${choiceStyle(i, answered)}`}
          >
            <kbd className="grid h-7 w-7 shrink-0 place-items-center rounded-md border border-current/25 text-sm font-bold opacity-70">
              {i + 1}
            </kbd>
            <span className="min-w-0 flex-1">{choice}</span>
            {answered?.answer === i && (
              <span role="img" aria-label={t('rightAnswer')}>
                <Mark name="check" className="h-4 w-4" />
              </span>
            )}
            {answered && answered.choice === i && !answered.correct && (
              <span role="img" aria-label={t('yourAnswer')}>
                <Mark name="cross" className="h-4 w-4" />
              </span>
            )}
          </button>
        ))}
      </div>

      <div aria-live="polite">
        {answered && (
          <div
            className={`rounded-xl p-4 ${answered.correct ? 'bg-emerald-50 dark:bg-emerald-950/40 text-emerald-950 dark:text-emerald-100' : 'bg-amber-50 dark:bg-amber-950/40 text-amber-950 dark:text-amber-100'}`}
          >
            <p className="font-bold">{feedback && t(feedback.headline, { answer: feedback.answer })}</p>
            <p dir="auto" className="mt-1 text-sm">
              {feedback && feedback.detail}
            </p>
            <AnswerPoints breakdown={answered.breakdown} correct={answered.correct} />
          </div>
        )}
      </div>
      {answered && (
        <button
          ref={nextRef}
          type="button"
          data-testid="quiz-next"
          onClick={onNext}
          className="w-full rounded-lg bg-accent px-4 py-3 font-bold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:w-auto"
        >
          {number === total ? t('seeScore') : t('nextQuestion')}{' '}
          <Mark name="arrow" className="inline-block h-4 w-4 align-[-0.15em] rtl:-scale-x-100" />
        </button>
      )}
    </div>
  );
}

function choiceStyle(i: number, answered?: AnsweredQuestion): string {
  if (!answered)
    return 'border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 hover:border-accent dark:hover:border-indigo-400 hover:bg-indigo-50 dark:hover:bg-indigo-950/60 focus-visible:border-accent dark:focus-visible:border-indigo-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-200 dark:focus-visible:ring-indigo-800 disabled:opacity-60';
  if (i === answered.answer)
    return 'border-emerald-500 bg-emerald-50 dark:bg-emerald-950/40 text-emerald-900 dark:text-emerald-100';
  if (i === answered.choice)
    return 'border-red-400 dark:border-red-500 bg-red-50 dark:bg-red-950/40 text-red-900 dark:text-red-100';
  return 'border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 text-slate-400 dark:text-slate-500';
}
