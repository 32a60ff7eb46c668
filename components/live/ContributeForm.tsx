'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError, NameField } from '../NameField';
import { contributeProblem, type ContributeProblem } from './contribute-errors';
import { RewardsToggle, TierChoice, type TierPlaces } from './TierChoice';
import { useFormat } from '../use-format';
import { useTierHold } from './use-tier-hold';

const PRESETS = [10, 25, 50, 100];

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string }
  | { kind: 'invalid'; name?: string; amount?: string };

/** What is wrong with the form before sending it, in the words shown beside each field. */
function problemsOf(
  name: string,
  amount: string,
  say: { name: string; amount: string },
): { name?: string; amount?: string } | null {
  const problems = {
    ...(name.trim() === '' && { name: say.name }),
    ...(!(Number(amount) >= 1) && { amount: say.amount }),
  };
  return Object.keys(problems).length > 0 ? problems : null;
}

/** `over`: "Funded" or "Ended" once the campaign has ended, and the form gives way to it. `now`: the server's clock, on which a hold's time counts down. */
export function ContributeForm({
  slug,
  over,
  tiers = [],
  now,
  currency,
}: {
  slug: string;
  over: string | null;
  tiers?: readonly TierPlaces[];
  now: number;
  currency?: string;
}) {
  const t = useTranslations('Contribute');
  const format = useFormat();
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('25');
  const [tier, setTier] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const { hold, lapsed, secondsLeft, choose, settle } = useTierHold(slug, now);
  // One id per intended contribution: a retry after a timeout or a 503 (which does not prove
  // nothing was written) sends it again and is counted once; a success or a changed form starts a new one.
  const intent = useRef<{ id: string; name: string; amount: string; tier: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const amountErrorId = useId();
  const rewardsId = useId();
  const [rewardsOpen, setRewardsOpen] = useState(false);
  const invalid = outcome.kind === 'invalid' ? outcome : null;

  // Focus goes to the first field in error once it is marked (aria-invalid and its message rendered).
  useEffect(() => {
    if (invalid) (invalid.name ? nameRef : amountRef).current?.focus();
  }, [invalid]);

  const sayProblem = (problem: ContributeProblem): string => {
    switch (problem.key) {
      case 'nameTooLong':
        return t('nameTooLong', { max: problem.max });
      case 'amountProblem':
        return t('amountProblem', { minimum: format.money(1, currency) });
      case 'failed':
        return t('failed', { status: problem.status });
      default:
        return t(problem.key);
    }
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = problemsOf(name, amount, {
      name: t('nameProblem'),
      amount: t('amountProblem', { minimum: format.money(1, currency) }),
    });
    if (problems) return setOutcome({ kind: 'invalid', ...problems });
    setOutcome({ kind: 'sending' });
    if (intent.current?.name !== name || intent.current.amount !== amount || intent.current.tier !== tier)
      intent.current = { id: contributionId(), name, amount, tier };
    try {
      const response = await fetch(`/api/projects/${slug}/contributions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: intent.current.id, name, amount: Number(amount), ...(tier ? { tier } : {}) }),
      });
      if (response.ok) {
        intent.current = null;
        settle();
        return setOutcome({ kind: 'done', name: name.trim() });
      }
      const body = (await response.json().catch(() => null)) as Parameters<typeof contributeProblem>[1];
      const problem = contributeProblem(response.status, body);
      if (problem.field) return setOutcome({ kind: 'invalid', [problem.field]: sayProblem(problem) });
      setOutcome({ kind: 'error', message: sayProblem(problem) });
    } catch {
      setOutcome({ kind: 'error', message: t('unreachable') });
    }
  }

  if (over) {
    return (
      <div data-testid="contribute-closed" className="space-y-1">
        <h2 className="text-lg font-bold">{over}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('closed')}</p>
      </div>
    );
  }

  return (
    <form data-testid="contribute-form" onSubmit={submit} className="space-y-3" noValidate>
      {/* The rewards' button goes under the heading when both do not fit on one line (German), never cut. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h2 className="text-lg font-bold">{t('heading')}</h2>
        <RewardsToggle
          tiers={tiers}
          chosen={tier}
          open={rewardsOpen}
          onToggle={() => setRewardsOpen((open) => !open)}
          controls={rewardsId}
        />
      </div>
      {/* Choosing a tier fills the form with its minimum. */}
      <TierChoice
        id={rewardsId}
        open={rewardsOpen}
        tiers={tiers}
        currency={currency}
        chosen={tier}
        onChoose={(chosen) => {
          setTier(chosen?.id ?? '');
          if (chosen) setAmount(String(chosen.minimum));
          void choose(chosen);
        }}
      />
      {hold && hold.tier === tier && (
        <p
          data-testid="tier-hold"
          data-lapsed={lapsed || undefined}
          role="status"
          className="text-sm text-slate-700 dark:text-slate-300"
        >
          {'refused' in hold
            ? t(hold.refused === 'sold-out' ? 'holdSoldOut' : 'holdFailed')
            : lapsed
              ? t('holdLapsed')
              : t.rich('holdFor', {
                  time: () => (
                    <strong data-testid="hold-countdown" className="tabular-nums">
                      {format.clock(secondsLeft)}
                    </strong>
                  ),
                })}
        </p>
      )}
      <NameField
        label={t('name')}
        ref={nameRef}
        data-testid="contribute-name"
        name="name"
        value={name}
        onChange={setName}
        maxLength={40}
        padding="py-2"
        error={invalid?.name}
      />
      <fieldset>
        <legend className="text-sm text-slate-700 dark:text-slate-300">
          {t('amountLegend', { currency: format.currencySymbol(currency) })}
        </legend>
        <div className="mt-1 flex flex-wrap gap-1.5 sm:gap-2">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              data-testid="contribute-amount"
              data-amount={preset}
              onClick={() => setAmount(String(preset))}
              aria-pressed={amount === String(preset)}
              className="rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1.5 text-sm font-bold aria-pressed:border-accent dark:aria-pressed:border-indigo-400 aria-pressed:bg-indigo-50 dark:aria-pressed:bg-indigo-950/60 aria-pressed:text-accent dark:aria-pressed:text-indigo-300"
            >
              {format.money(preset, currency)}
            </button>
          ))}
          <input
            name="amount"
            ref={amountRef}
            aria-label={t('amountLabel', { currency: format.currencyName(currency) })}
            inputMode="numeric"
            aria-invalid={invalid?.amount ? true : undefined}
            aria-describedby={invalid?.amount ? amountErrorId : undefined}
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^0-9]/g, ''))}
            className="w-20 rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1.5 text-base focus:border-accent dark:focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-200 dark:focus:ring-indigo-800 aria-invalid:border-red-600 dark:aria-invalid:border-red-400"
          />
        </div>
        {invalid?.amount && <FieldError id={amountErrorId}>{invalid.amount}</FieldError>}
      </fieldset>
      <button
        type="submit"
        data-testid="contribute-submit"
        disabled={outcome.kind === 'sending'}
        className="w-full rounded-lg bg-accent px-4 py-2.5 font-bold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
      >
        {outcome.kind === 'sending'
          ? t('sending')
          : t('submit', { amount: format.money(Number(amount) || 0, currency) })}
      </button>
      <p aria-live="polite" className="min-h-5 text-sm">
        {outcome.kind === 'done' && (
          <span className="text-emerald-700 dark:text-emerald-300">
            {t.rich('thanks', { name: () => <bdi>{outcome.name}</bdi> })}
          </span>
        )}
        {outcome.kind === 'error' && <span className="text-red-700 dark:text-red-300">{outcome.message}</span>}
      </p>
    </form>
  );
}

function contributionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
