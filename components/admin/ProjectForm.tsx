'use client';

import { useState } from 'react';
import type { Project } from '@/lib/projects/types';
import type { AdminResult } from './admin-api';
import { button, card, input, subtle } from './styles';
import { draftOf, tierOf, TiersEditor, type TierDraft } from './TiersEditor';

const MOTIFS = ['waves', 'peaks', 'orbits', 'grid', 'sunrise'] as const;

type Fields = Omit<Project, 'raised'>;

const EMPTY: Fields = {
  slug: '',
  title: '',
  tagline: '',
  description: '',
  creator: '',
  creatorAccount: '',
  goal: 10_000,
  currency: 'EUR',
  art: { motif: 'waves', colors: ['#312e81', '#6366f1', '#f472b6'] },
};

/** `datetime-local` speaks the browser's local time, without a zone: these convert it to and from ms. */
const localInput = (at: number | undefined) =>
  at === undefined ? '' : new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : undefined);

type Props = {
  disabled: boolean;
  selected: Project | undefined;
  /** The selected project's tiers as `/live` has them (catalogue cards carry none). */
  selectedTiers?: readonly Parameters<typeof draftOf>[0][];
  onSave(
    slug: string,
    body: Omit<Fields, 'slug' | 'tiers'> & { tiers?: ReturnType<typeof tierOf>[] },
  ): Promise<AdminResult>;
};

/** A refusal, beside the field it names: a tier's own (`tiers.1.minimum`), or the whole list's (`tier_in_use`). */
function errorsOf(result: AdminResult): Record<string, string> {
  if (result.ok) return {};
  const text = result.message.replace(/^\d+: /, '').replace(/^[\w.]+: /, '');
  if (result.code === 'tier_in_use') return { tiers: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` };
  return result.field?.startsWith('tiers')
    ? { [/^tiers\.\d+\.\w+$/.test(result.field) ? result.field : 'tiers']: text }
    : {};
}

/** `PUT /api/projects/:slug`: a new slug creates a project, a known one updates it (its total is kept). */
export function ProjectForm({ disabled, selected, selectedTiers, onSave }: Props) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  // Undefined until loaded or edited: a save then leaves the saved tiers as they are.
  const [tiers, setTiers] = useState<TierDraft[] | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const setColor = (i: number, color: string) =>
    set({
      art: { ...fields.art, colors: fields.art.colors.map((c, j) => (j === i ? color : c)) as Fields['art']['colors'] },
    });
  const text = (name: keyof Fields, label: string, placeholder = '') => (
    <label className="block text-sm font-medium">
      {label}
      <input
        name={name}
        value={String(fields[name])}
        placeholder={placeholder}
        onChange={(event) => set({ [name]: event.target.value })}
        className={`${input} mt-1`}
      />
    </label>
  );

  return (
    <form
      className={`${card} lg:col-span-2`}
      data-testid="project-form"
      onSubmit={(event) => {
        event.preventDefault();
        // Only what the PUT takes (a loaded project also carries its total, which is never sent).
        const { slug, title, tagline, description, creator, creatorAccount, goal, currency, art, endsAt } = fields;
        const body = {
          title,
          tagline,
          description,
          creator,
          creatorAccount,
          goal: Number(goal),
          currency: (currency || 'EUR').trim().toUpperCase(),
          art,
          ...(endsAt === undefined ? {} : { endsAt }),
          ...(tiers ? { tiers: tiers.map(tierOf) } : {}),
        };
        void onSave(slug.trim(), body).then((result) => setErrors(errorsOf(result)));
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Create or update a project</h2>
        <button
          type="button"
          className={subtle}
          disabled={!selected}
          onClick={() => {
            if (!selected) return;
            setFields({ ...EMPTY, ...selected });
            setTiers((selected.tiers ?? selectedTiers ?? []).map(draftOf));
            setErrors({});
          }}
        >
          Edit the selected project
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('slug', 'Slug', 'night-market-radio')}
        {text('title', 'Title')}
        {text('tagline', 'Tagline (optional)')}
        {text('creator', 'Creator')}
        {text('creatorAccount', 'Creator account', 'account_noor')}
        <label className="block text-sm font-medium">
          Goal
          <input
            name="goal"
            type="number"
            min={1}
            step={1}
            value={fields.goal}
            onChange={(event) => set({ goal: Number(event.target.value) })}
            className={`${input} mt-1`}
          />
        </label>
        <label className="block text-sm font-medium">
          Currency (ISO 4217)
          <input
            name="currency"
            data-testid="project-currency"
            value={fields.currency ?? 'EUR'}
            maxLength={3}
            pattern="[A-Za-z]{3}"
            onChange={(event) => set({ currency: event.target.value })}
            className={`${input} mt-1 uppercase`}
          />
        </label>
        <label className="block text-sm font-medium">
          Ends (your local time; empty: never)
          <input
            name="endsAt"
            type="datetime-local"
            data-testid="project-ends-at"
            value={localInput(fields.endsAt)}
            onChange={(event) => set({ endsAt: fromLocalInput(event.target.value) })}
            className={`${input} mt-1`}
          />
        </label>
      </div>
      <label className="block text-sm font-medium">
        Description (optional)
        <textarea
          name="description"
          rows={3}
          value={fields.description}
          onChange={(event) => set({ description: event.target.value })}
          className={`${input} mt-1`}
        />
      </label>
      <div className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium">
          Art
          <select
            name="motif"
            value={fields.art.motif}
            onChange={(event) => set({ art: { ...fields.art, motif: event.target.value as Fields['art']['motif'] } })}
            className={`${input} mt-1`}
          >
            {MOTIFS.map((motif) => (
              <option key={motif}>{motif}</option>
            ))}
          </select>
        </label>
        {fields.art.colors.map((color, i) => (
          <label key={i} className="block text-sm font-medium">
            Colour {i + 1}
            <input
              type="color"
              value={color}
              onChange={(event) => setColor(i, event.target.value)}
              className="mt-1 block h-10 w-14 rounded border border-slate-300 dark:border-slate-600"
            />
          </label>
        ))}
      </div>
      <TiersEditor tiers={tiers ?? []} onChange={setTiers} errors={errors} />
      <p className="text-xs text-slate-500 dark:text-slate-400">
        A new slug creates a project, listed last with nothing raised; a known slug updates it and keeps its total.
      </p>
      <button className={button} disabled={disabled || !fields.slug.trim()}>
        Save project
      </button>
    </form>
  );
}
