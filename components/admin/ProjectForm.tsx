'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { ART_MOTIFS } from '@/lib/projects/art-motifs';
import type { Project } from '@/lib/projects/types';
import { FieldError } from '../NameField';
import { useFormat } from '../use-format';
import type { AdminResult } from './admin-api';
import { button, card, input, invalid, subtle } from './styles';
import { draftOf, tierOf, TiersEditor, type TierDraft } from './TiersEditor';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { useProblemWords } from './use-problem-words';

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

/** A refusal, beside the field it names: a tier's own (`tiers.1.minimum`), a colour's (`art.colors.0`) or a project field's; none when it names no field. */
function errorKeyOf(field: string): string {
  if (/^tiers\.\d+\.\w+$/.test(field) || /^art\.colors\.\d$/.test(field)) return field;
  if (field.startsWith('tiers')) return 'tiers';
  return field.split('.')[0]!;
}

/** `PUT /api/projects/:slug`: a new slug creates a project, a known one updates it (its total is kept). */
export function ProjectForm({ disabled, selected, selectedTiers, onSave }: Props) {
  const t = useTranslations('Admin');
  const format = useFormat();
  const words = useProblemWords();
  const form = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  // Undefined until loaded or edited: a save then leaves the saved tiers as they are.
  const [tiers, setTiers] = useState<TierDraft[] | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, React.ReactNode>>({});
  useFocusFirstInvalid(form, errors);
  /** The props that mark a field refused and point at its error's text. */
  const marked = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${key}` } : {};
  const note = (key: string) => errors[key] && <FieldError id={`${idPrefix}-${key}`}>{errors[key]}</FieldError>;
  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const setColor = (i: number, color: string) =>
    set({
      art: { ...fields.art, colors: fields.art.colors.map((c, j) => (j === i ? color : c)) as Fields['art']['colors'] },
    });
  const text = (name: keyof Fields, label: string, placeholder = '') => (
    <div>
      <label className="block text-sm">
        {label}
        <input
          name={name}
          value={String(fields[name])}
          placeholder={placeholder}
          onChange={(event) => set({ [name]: event.target.value })}
          className={`${input} ${invalid} mt-1`}
          {...marked(name)}
        />
      </label>
      {note(name)}
    </div>
  );

  return (
    <form
      ref={form}
      className={`${card} lg:col-span-2`}
      data-testid="project-form"
      noValidate
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
        void onSave(slug.trim(), body).then((result) => {
          if (result.ok) return setErrors({});
          const { problem } = result;
          if (problem.field !== null) return setErrors({ [errorKeyOf(problem.field)]: words.field(problem.problem) });
          setErrors(problem.key === 'tierInUse' ? { tiers: words.request(problem) } : {});
        });
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">{t('formHeading')}</h2>
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
          {t('editSelected')}
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('slug', t('slug'), 'night-market-radio')}
        {text('title', t('projectTitle'))}
        {text('tagline', t('tagline'))}
        {text('creator', t('creator'))}
        {text('creatorAccount', t('creatorAccount'), 'account_noor')}
        <div>
          <label className="block text-sm">
            {t('goal')}
            <input
              name="goal"
              type="number"
              min={1}
              step={1}
              value={fields.goal}
              onChange={(event) => set({ goal: Number(event.target.value) })}
              className={`${input} ${invalid} mt-1`}
              {...marked('goal')}
            />
          </label>
          {note('goal')}
        </div>
        <div>
          <label className="block text-sm">
            {t('currency')}
            <input
              name="currency"
              data-testid="project-currency"
              value={fields.currency ?? 'EUR'}
              maxLength={3}
              onChange={(event) => set({ currency: event.target.value })}
              className={`${input} ${invalid} mt-1 uppercase`}
              {...marked('currency')}
            />
          </label>
          {note('currency')}
        </div>
        <div>
          <label className="block text-sm">
            {t('endsAt')}
            <input
              name="endsAt"
              type="datetime-local"
              data-testid="project-ends-at"
              value={localInput(fields.endsAt)}
              onChange={(event) => set({ endsAt: fromLocalInput(event.target.value) })}
              className={`${input} ${invalid} mt-1`}
              {...marked('endsAt')}
            />
          </label>
          {note('endsAt')}
        </div>
      </div>
      <div>
        <label className="block text-sm">
          {t('projectDescription')}
          <textarea
            name="description"
            rows={3}
            value={fields.description}
            onChange={(event) => set({ description: event.target.value })}
            className={`${input} ${invalid} mt-1`}
            {...marked('description')}
          />
        </label>
        {note('description')}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="block text-sm">
          {t('art')}
          <select
            name="motif"
            value={fields.art.motif}
            onChange={(event) => set({ art: { ...fields.art, motif: event.target.value as Fields['art']['motif'] } })}
            className={`${input} mt-1`}
          >
            {ART_MOTIFS.map((motif) => (
              <option key={motif} value={motif}>
                {t('motif', { motif })}
              </option>
            ))}
          </select>
        </label>
        {fields.art.colors.map((color, i) => (
          <label key={i} className="block text-sm">
            {t('colour', { number: i + 1 })}
            <input
              type="color"
              value={color}
              onChange={(event) => setColor(i, event.target.value)}
              className="mt-1 block h-10 w-14 rounded border border-slate-300 dark:border-slate-600 aria-invalid:border-red-600"
              {...marked(`art.colors.${i}`)}
            />
          </label>
        ))}
      </div>
      {fields.art.colors.map((_, i) => note(`art.colors.${i}`))}
      <TiersEditor
        tiers={tiers ?? []}
        onChange={setTiers}
        errors={errors}
        currency={format.currencySymbol(
          /^[A-Za-z]{3}$/.test(fields.currency ?? '') ? fields.currency!.toUpperCase() : 'EUR',
        )}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('formHint')}</p>
      <button className={button} disabled={disabled || !fields.slug.trim()}>
        {t('save')}
      </button>
    </form>
  );
}
