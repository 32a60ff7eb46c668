'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { FieldError } from '../NameField';
import type { AdminResult } from './admin-api';
import { exampleImport } from './admin-api';
import { button, card, input, subtle } from './styles';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { useProblemWords } from './use-problem-words';

type Props = { disabled: boolean; onImport(body: unknown): Promise<AdminResult> };

/** Its shape, as a developer writes it: the same in every language. */
const PLACEHOLDER = '{"events": [{"kind": "contribution", "id": "…", "name": "…", "amount": 10, "at": 1700000000000}]}';

/** Past events posted in one batch; what is wrong with it (not JSON, a refused event) is said beside it. */
export function ImportForm({ disabled, onImport }: Props) {
  const t = useTranslations('Admin');
  const words = useProblemWords();
  const [events, setEvents] = useState('');
  const [error, setError] = useState<{ text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  useFocusFirstInvalid(form, error ?? {});
  return (
    <form
      ref={form}
      className={`${card} lg:col-span-2`}
      onSubmit={(event) => {
        event.preventDefault();
        let body: unknown;
        try {
          body = JSON.parse(events);
        } catch {
          return setError({ text: t('notJson') });
        }
        void onImport(body).then((result) => {
          if (result.ok || result.problem.field === null) return setError(null);
          const which = /^events\.(\d+)\./.exec(result.problem.field);
          const problem = words.field(result.problem.problem);
          setError({ text: which ? t('eventRefused', { number: Number(which[1]) + 1, problem }) : problem });
        });
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold">{t('importHeading')}</h2>
        <button
          type="button"
          className={subtle}
          onClick={() => setEvents(JSON.stringify(exampleImport(Date.now()), null, 2))}
        >
          {t('insertExample')}
        </button>
      </div>
      <textarea
        aria-label={t('importLabel')}
        value={events}
        onChange={(event) => setEvents(event.target.value)}
        rows={8}
        dir="ltr"
        placeholder={PLACEHOLDER}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${input} font-mono text-xs aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
      />
      {error && <FieldError id={errorId}>{error.text}</FieldError>}
      <button className={button} disabled={disabled || !events}>
        {t('import')}
      </button>
    </form>
  );
}
