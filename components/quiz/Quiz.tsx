'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { AnsweredQuestion, ResumedSession, SubmitResult } from '@/lib/quiz/types';
import type { InputReason } from '@/lib/input-reason';
import { QuizApiError, failureText, quizApi, refusedName, sessionGone, type SubmittedSession } from './quiz-api';
import { QuizFinish } from './QuizFinish';
import { QuizQuestion } from './QuizQuestion';
import { remember, rememberedSession } from './remembered-session';
import { card } from '../styles';

/** A session as this page knows it: the questions the server has revealed so far, in order. */
type Played = Pick<ResumedSession, 'id' | 'total' | 'expiresAt' | 'questions'>;

type Phase =
  | { kind: 'intro' }
  | { kind: 'expired' }
  | { kind: 'playing'; session: Played; index: number; answers: AnsweredQuestion[] }
  | { kind: 'finished'; session: Played; score: number; answers: AnsweredQuestion[]; result?: SubmitResult };

/** Where a resumed session stands: at the question revealed now, or finished when all are answered. */
function phaseOf({ answers, score, ...session }: ResumedSession | SubmittedSession): Phase {
  if ('result' in session) {
    const { result, ...played } = session;
    return { kind: 'finished', session: played, score, answers, result };
  }
  if (answers.length === session.total) return { kind: 'finished', session, score, answers };
  return { kind: 'playing', session, index: answers.length, answers };
}

const quizCard = `${card} sm:p-7`;
const primary = 'rounded-lg bg-accent px-5 py-3 font-bold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60';

/** The quiz: every answer and the score come from the server; this only shows them. */
export function Quiz() {
  const t = useTranslations('Quiz');
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameRefused, setNameRefused] = useState<Partial<InputReason> | null>(null);

  const call = useCallback(
    async <T,>(request: () => Promise<T>, done: (value: T) => void) => {
      setBusy(true);
      setError(null);
      setNameRefused(null);
      try {
        done(await request());
      } catch (failure) {
        if (sessionGone(failure)) {
          remember(null);
          setPhase({ kind: 'expired' });
        } else if (refusedName(failure)) setNameRefused(refusedName(failure));
        else setError(failureText(failure, t));
      } finally {
        setBusy(false);
      }
    },
    [t],
  );

  useEffect(() => {
    const saved = rememberedSession();
    if (!saved) return;
    quizApi.resume(saved).then(
      (session) => {
        // Submitted already: its result, once, as after a submit answered at once.
        if ('result' in session) remember(null);
        setPhase(phaseOf(session));
      },
      // Expired or submitted: the intro it is. Unreachable: keep it for the next load.
      (failure: unknown) => failure instanceof QuizApiError && failure.status !== 0 && remember(null),
    );
  }, []);

  const start = () =>
    call(quizApi.start, ({ question, ...session }) => {
      remember(session.id);
      setPhase({ kind: 'playing', session: { ...session, questions: [question] }, index: 0, answers: [] });
    });

  const choose = useCallback(
    (choice: number) => {
      if (phase.kind !== 'playing' || phase.answers[phase.index]) return;
      const question = phase.session.questions[phase.index]!;
      void call(
        () => quizApi.answer(phase.session.id, question.id, choice),
        ({ next, ...result }) =>
          setPhase({
            ...phase,
            // The next question, revealed (and timed) from this answer on, waits behind the explanation.
            session: next ? { ...phase.session, questions: [...phase.session.questions, next] } : phase.session,
            answers: [...phase.answers, { ...result, choice }],
          }),
      );
    },
    [phase, call],
  );

  if (phase.kind === 'intro' || phase.kind === 'expired') {
    return (
      <section className={`${quizCard} space-y-4`}>
        {phase.kind === 'expired' && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 dark:bg-amber-950/40 p-3 text-amber-900 dark:text-amber-100"
          >
            {t('expired')}
          </p>
        )}
        {/* Short before Start: what it is and what counts. The scoring's detail follows, folded. */}
        <p data-testid="quiz-intro" className="text-slate-700 dark:text-slate-300">
          {t('intro')}
        </p>
        <details className="text-sm text-slate-600 dark:text-slate-400">
          <summary className="cursor-pointer">{t('howScoring')}</summary>
          <p className="mt-1">{t('scoring')}</p>
        </details>
        <button type="button" data-testid="quiz-start" onClick={start} disabled={busy} className={primary}>
          {busy ? t('starting') : t('start')}
        </button>
        <p aria-live="polite" className="min-h-5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      </section>
    );
  }

  const { total } = phase.session;
  if (phase.kind === 'finished') {
    return (
      <section className={quizCard}>
        <QuizFinish
          sessionId={phase.session.id}
          score={phase.score}
          questions={phase.session.questions}
          answers={phase.answers}
          busy={busy}
          error={error}
          nameRefused={nameRefused}
          result={phase.result}
          onSubmit={(name) =>
            call(
              () => quizApi.submit(phase.session.id, name),
              (result) => {
                remember(null);
                setPhase({ ...phase, result });
              },
            )
          }
          onRestart={() => {
            remember(null);
            setPhase({ kind: 'intro' });
          }}
        />
      </section>
    );
  }

  const answered = phase.answers[phase.index];
  const score = phase.answers.at(-1)?.score ?? 0;
  const next = () =>
    phase.index + 1 < total
      ? setPhase({ ...phase, index: phase.index + 1 })
      : setPhase({ kind: 'finished', session: phase.session, score, answers: phase.answers });
  return (
    <section className={`${quizCard} space-y-5`}>
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <div
          role="progressbar"
          aria-label={t('progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={phase.answers.length}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-accent transition-all"
            style={{ width: `${(phase.answers.length / total) * 100}%` }}
          />
        </div>
        <span className="tabular-nums">{t('score', { score })}</span>
      </div>
      <QuizQuestion
        question={phase.session.questions[phase.index]!}
        number={phase.index + 1}
        total={total}
        answered={answered}
        busy={busy}
        onChoose={choose}
        onNext={next}
      />
      <p aria-live="polite" className="min-h-5 text-sm text-red-700 dark:text-red-300">
        {error}
      </p>
    </section>
  );
}
