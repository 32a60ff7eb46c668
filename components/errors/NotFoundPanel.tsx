'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { NOT_FOUND_ATTRIBUTE } from '@/lib/server/page-marks';

/**
 * What a 404 shows, whatever was missing: says what, and leads back to the catalogue. Its mark
 * makes a page cache render of it a 404. A client component (rendered on the server all the
 * same): a 404 boundary may render before its page has set the request's locale, while the
 * client's provider is told it (app/[locale]/layout.tsx).
 */
export function NotFoundPanel({ heading, children }: { heading: string; children: React.ReactNode }) {
  const t = useTranslations('NotFound');
  return (
    <section
      data-testid="not-found"
      {...{ [NOT_FOUND_ATTRIBUTE]: true }}
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-sm font-bold tracking-wide text-accent uppercase dark:text-indigo-300">404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{children}</p>
      <Link
        href="/"
        prefetch={false}
        data-testid="not-found-catalogue"
        className="mt-6 inline-block rounded-full bg-accent px-5 py-2.5 text-sm font-bold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {t('browse')}
      </Link>
    </section>
  );
}
