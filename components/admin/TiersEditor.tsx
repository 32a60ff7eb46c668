'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { Tier } from '@/lib/projects/schemas';
import { FieldError } from '../NameField';
import { input, invalid, subtle } from './styles';

/** A tier as typed: numbers as the inputs hold them, a limit empty for unlimited. */
export type TierDraft = { id: string; title: string; description: string; minimum: string; limit: string };

export const draftOf = (
  tier: Pick<Tier, 'id' | 'title' | 'description' | 'minimum'> & { limit?: number | null },
): TierDraft => ({
  id: tier.id,
  title: tier.title,
  description: tier.description ?? '',
  minimum: String(tier.minimum),
  limit: tier.limit == null ? '' : String(tier.limit),
});

/** What PUT takes: the API judges every field (and answers with the one it refuses). */
export const tierOf = (draft: TierDraft) => ({
  id: draft.id.trim(),
  title: draft.title,
  description: draft.description,
  minimum: Number(draft.minimum),
  ...(draft.limit.trim() === '' ? {} : { limit: Number(draft.limit) }),
});

/** Each field's name, its label's message and its placeholder (an id and an amount read the same in every language). */
const FIELDS = [
  ['id', 'tierId', 'vinyl'],
  ['title', 'tierTitle', null],
  ['description', 'tierDescription', ''],
  ['minimum', 'tierMinimum', '40'],
  ['limit', 'tierLimit', ''],
] as const;

/**
 * The project's reward tiers, added, edited and removed in the form; `errors` by field, keyed as
 * the API names them (`tiers.1.minimum`), and a refusal of the whole list (`tier_in_use`) under it.
 */
export function TiersEditor({
  tiers,
  onChange,
  errors,
  currency,
}: {
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  errors: Record<string, React.ReactNode>;
  /** How the project's currency is written beside an amount ("€"). */
  currency: string;
}) {
  const t = useTranslations('Admin');
  const idPrefix = useId();
  const edit = (i: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)));
  return (
    <fieldset data-testid="tiers-editor" className="space-y-2">
      <legend className="text-sm">{t('tiers')}</legend>
      {tiers.map((tier, i) => (
        <div
          key={i}
          data-testid="tier-row"
          className="grid gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700 sm:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        >
          {FIELDS.map(([name, label, placeholder]) => {
            const key = `tiers.${i}.${name}`;
            const error = errors[key];
            const errorId = `${idPrefix}-${key}`;
            return (
              <div key={name}>
                <label className="block text-xs">
                  {label === 'tierMinimum' ? t(label, { currency }) : t(label)}
                  <input
                    name={`tier-${name}`}
                    value={tier[name]}
                    placeholder={placeholder ?? t('tierTitlePlaceholder')}
                    inputMode={name === 'minimum' || name === 'limit' ? 'numeric' : undefined}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(event) => edit(i, { [name]: event.target.value })}
                    className={`${input} ${invalid} mt-1`}
                  />
                </label>
                {error && (
                  <div data-testid="tier-error">
                    <FieldError id={errorId}>{error}</FieldError>
                  </div>
                )}
              </div>
            );
          })}
          <button
            type="button"
            className={`${subtle} self-end`}
            onClick={() => onChange(tiers.filter((_, j) => j !== i))}
          >
            {t('removeTier')}
          </button>
        </div>
      ))}
      {errors.tiers && (
        <p data-testid="tiers-error" className="text-sm text-red-700 dark:text-red-300">
          {errors.tiers}
        </p>
      )}
      <button
        type="button"
        className={subtle}
        onClick={() => onChange([...tiers, { id: '', title: '', description: '', minimum: '', limit: '' }])}
      >
        {t('addTier')}
      </button>
    </fieldset>
  );
}
