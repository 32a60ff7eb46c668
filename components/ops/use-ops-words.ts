'use client';

import { useTranslations } from 'next-intl';

/** How long, as the dashboard says it: tenths of a second under 10 s, whole seconds under 2 min, then minutes. */
export function durationParts(ms: number): { unit: 'tenths' | 'seconds' | 'minutes'; value: number } {
  const seconds = Math.max(0, ms) / 1_000;
  if (seconds < 10) return { unit: 'tenths', value: Math.floor(seconds * 10) / 10 };
  if (seconds < 120) return { unit: 'seconds', value: Math.round(seconds) };
  return { unit: 'minutes', value: Math.round(seconds / 60) };
}

/** The dashboard's messages, and a duration in the page's locale ("1.0 s", "1,0 s", "١٫٠ ث"). */
export function useOpsWords() {
  const t = useTranslations('Ops');
  return { t, duration: (ms: number) => t('duration', durationParts(ms)) };
}
