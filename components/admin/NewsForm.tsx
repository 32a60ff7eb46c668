'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { FieldError } from '../NameField';
import type { AdminResult } from './admin-api';
import { button, card, input } from './styles';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { useProblemWords } from './use-problem-words';

type News = { title: string; url: string };

/** Publishes a news item on the picked project; a refused field is said beside it. */
export function NewsForm({ disabled, onPublish }: { disabled: boolean; onPublish(news: News): Promise<AdminResult> }) {
  const t = useTranslations('Admin');
  const words = useProblemWords();
  const [news, setNews] = useState<News>({ title: '', url: 'https://' });
  const [errors, setErrors] = useState<Partial<Record<keyof News, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const ids = { title: useId(), url: useId() };
  useFocusFirstInvalid(form, errors);
  const field = (name: keyof News, label: string, placeholder: string) => (
    <div>
      <input
        aria-label={label}
        placeholder={placeholder}
        value={news[name]}
        onChange={(event) => setNews({ ...news, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? ids[name] : undefined}
        className={`${input} aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
        dir={name === 'url' ? 'ltr' : undefined}
      />
      {errors[name] && <FieldError id={ids[name]}>{errors[name]}</FieldError>}
    </div>
  );
  return (
    <form
      ref={form}
      className={card}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onPublish(news).then((result) => {
          const refused = !result.ok && result.problem.field !== null ? result.problem : null;
          setErrors(
            refused && (refused.field === 'title' || refused.field === 'url')
              ? { [refused.field]: words.field(refused.problem) }
              : {},
          );
        });
      }}
    >
      <h2 className="text-lg font-bold">{t('newsHeading')}</h2>
      {field('title', t('newsTitle'), t('newsTitlePlaceholder'))}
      {field('url', t('newsLink'), 'https://…')}
      <button className={button} disabled={disabled}>
        {t('publish')}
      </button>
    </form>
  );
}
