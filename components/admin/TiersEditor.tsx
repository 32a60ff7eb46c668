'use client';

import type { Tier } from '@/lib/projects/schemas';
import { input, subtle } from './styles';

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

const FIELDS = [
  ['id', 'Id', 'vinyl'],
  ['title', 'Title', 'The vinyl'],
  ['description', 'Description (optional)', ''],
  ['minimum', 'Minimum (€)', '40'],
  ['limit', 'Places (empty: unlimited)', ''],
] as const;

/**
 * The project's reward tiers, added, edited and removed in the form; `errors` by field, keyed as
 * the API names them (`tiers.1.minimum`), and a refusal of the whole list (`tier_in_use`) under it.
 */
export function TiersEditor({
  tiers,
  onChange,
  errors,
}: {
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  errors: Record<string, string>;
}) {
  const edit = (i: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)));
  return (
    <fieldset data-testid="tiers-editor" className="space-y-2">
      <legend className="text-sm font-medium">Reward tiers</legend>
      {tiers.map((tier, i) => (
        <div
          key={i}
          data-testid="tier-row"
          className="grid gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700 sm:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        >
          {FIELDS.map(([name, label, placeholder]) => {
            const error = errors[`tiers.${i}.${name}`];
            return (
              <label key={name} className="block text-xs font-medium">
                {label}
                <input
                  name={`tier-${name}`}
                  value={tier[name]}
                  placeholder={placeholder}
                  inputMode={name === 'minimum' || name === 'limit' ? 'numeric' : undefined}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => edit(i, { [name]: event.target.value })}
                  className={`${input} mt-1 aria-invalid:border-red-600`}
                />
                {error && (
                  <span data-testid="tier-error" className="mt-1 block text-red-700 dark:text-red-300">
                    {error}
                  </span>
                )}
              </label>
            );
          })}
          <button
            type="button"
            className={`${subtle} self-end`}
            onClick={() => onChange(tiers.filter((_, j) => j !== i))}
          >
            Remove
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
        Add a tier
      </button>
    </fieldset>
  );
}
