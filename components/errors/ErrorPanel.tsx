'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { startTransition, useEffect } from 'react';

type Props = { error: Error & { digest?: string }; reset: () => void };

/**
 * What a page that failed shows: a retry that renders it again on the server (not only in the
 * browser), and the error's digest, the reference the server logged with the request's id
 * (instrumentation.ts). A failure in the browser alone has no digest: it goes to the console.
 */
export function ErrorPanel({ error, reset }: Props) {
  const t = useTranslations('ErrorPage');
  const router = useRouter();
  useEffect(() => {
    if (!error.digest) console.error(error);
  }, [error]);
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <ErrorMessage
      digest={error.digest}
      onRetry={retry}
      text={{ heading: t('heading'), body: t('body'), retry: t('retry'), reference: t('reference') }}
    />
  );
}

type Text = { heading: string; body: string; retry: string; reference: string };

/** The global error page's words: it renders outside the [locale] layout, with no catalogue. */
const ENGLISH: Text = {
  heading: 'This page could not be shown',
  body: 'Something went wrong on our side. It has been logged; trying again usually works.',
  retry: 'Try again',
  reference: 'Reference',
};

/** The message itself, also for the global error page, which has no router to refresh. */
export function ErrorMessage({
  digest,
  onRetry,
  text = ENGLISH,
}: {
  digest?: string;
  onRetry: () => void;
  text?: Text;
}) {
  return (
    <section
      role="alert"
      data-testid="error-page"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-900"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{text.heading}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{text.body}</p>
      <button
        type="button"
        onClick={onRetry}
        data-testid="error-retry"
        className="mt-6 rounded-full bg-accent px-5 py-2.5 text-sm font-bold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {text.retry}
      </button>
      {digest && (
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
          {text.reference} <code data-testid="error-reference">{digest}</code>
        </p>
      )}
    </section>
  );
}
