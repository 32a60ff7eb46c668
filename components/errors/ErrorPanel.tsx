'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useEffect } from 'react';

type Props = { error: Error & { digest?: string }; reset: () => void };

/**
 * What a page that failed shows: a retry that renders it again on the server (not only in the
 * browser), and the error's digest, the reference the server logged with the request's id
 * (instrumentation.ts). A failure in the browser alone has no digest: it goes to the console.
 */
export function ErrorPanel({ error, reset }: Props) {
  const router = useRouter();
  useEffect(() => {
    if (!error.digest) console.error(error);
  }, [error]);
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return <ErrorMessage digest={error.digest} onRetry={retry} />;
}

/** The message itself, also for the global error page, which has no router to refresh. */
export function ErrorMessage({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  return (
    <section
      role="alert"
      data-testid="error-page"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-900"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">This page could not be shown</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Something went wrong on our side. It has been logged; trying again usually works.
      </p>
      <button
        type="button"
        onClick={onRetry}
        data-testid="error-retry"
        className="mt-6 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        Try again
      </button>
      {digest && (
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
          Reference <code data-testid="error-reference">{digest}</code>
        </p>
      )}
    </section>
  );
}
