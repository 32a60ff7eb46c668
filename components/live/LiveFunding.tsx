'use client';

import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { ProgressBar } from '../Progress';
import { useAnnouncement, useChanges, useCountUp } from './use-figure-motion';

/** A figure that plays its highlight (globals.css, .animate-figure) each time `changes` grows, never on the first render. */
function Highlighted({
  changes,
  className = '',
  children,
}: {
  changes: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      key={changes}
      data-changes={changes}
      className={`${className} rounded-md ${changes > 0 ? 'animate-figure' : ''}`}
    >
      {children}
    </span>
  );
}

const percentOf = (raised: number, goal: number) => (goal > 0 ? Math.round((raised / goal) * 100) : 0);

/**
 * The project's figures as they change: the total and the backers count up and light up, the
 * bar grows, and a polite live region says the new total (not every change on a hot project).
 */
export function LiveFunding({
  raised,
  goal,
  backers,
  currency,
  children,
}: {
  raised: number;
  goal: number;
  backers: number;
  currency?: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations('Funding');
  const format = useFormat();
  const shownRaised = useCountUp(raised);
  const shownBackers = useCountUp(backers);
  const raisedChanges = useChanges(raised);
  const backersChanges = useChanges(backers);
  const percent = percentOf(raised, goal);
  const announcement = useAnnouncement(raised, (total) =>
    t('announcement', {
      total: format.money(total, currency),
      percent: format.percent(percentOf(total, goal)),
      goal: format.money(goal, currency),
    }),
  );
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <Highlighted changes={raisedChanges} className="-mx-1 px-1 text-2xl font-bold tabular-nums">
          <span data-testid="raised-total" data-value={raised}>
            {format.money(shownRaised, currency)}
          </span>
        </Highlighted>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {t('ofGoal', { percent: format.percent(percent), goal: format.money(goal, currency) })}
        </span>
      </div>
      <ProgressBar percent={percent} />
      <p data-testid="total-announcement" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
        <p data-testid="backers-count" data-count={backers} className="text-sm text-slate-600 dark:text-slate-300">
          <Highlighted changes={backersChanges} className="-mx-1 px-1">
            <strong className="tabular-nums text-ink dark:text-slate-100">{format.count(shownBackers)}</strong>
          </Highlighted>{' '}
          {t('backers', { count: backers })}
        </p>
        {children}
      </div>
    </div>
  );
}
