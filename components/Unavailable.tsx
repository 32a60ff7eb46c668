'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { UNAVAILABLE_ATTRIBUTE } from '@/lib/server/page-marks';

/** Shown when the page could not be rendered because Redis is unreachable; retries by itself. */
export function Unavailable() {
  const t = useTranslations('Connection');
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), 2_000);
    return () => clearInterval(timer);
  }, [router]);
  return (
    <div
      {...{ [UNAVAILABLE_ATTRIBUTE]: 'true' }}
      className="mx-auto max-w-md rounded-2xl border border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 p-6 text-center"
    >
      <p
        data-testid="connection-status"
        data-state="reconnecting"
        role="status"
        className="font-bold text-amber-900 dark:text-amber-100"
      >
        {t('reconnecting')}
      </p>
      <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">{t('unavailable')}</p>
    </div>
  );
}
