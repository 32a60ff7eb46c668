'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';

/** Each language named in itself: a visitor finds theirs whatever the page's language. */
const NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };

/**
 * The same page in another language: a group in the header's bar, not a landmark of its own.
 * next-intl's Link writes the choice to the locale cookie, which the front door reads for any unprefixed link the visitor opens later (lib/http/locale.ts).
 */
export function LocaleSwitcher() {
  const current = useLocale();
  const pathname = usePathname();
  const t = useTranslations('Layout');
  return (
    <div
      role="group"
      aria-label={t('language')}
      data-testid="locale-switcher"
      className="ms-auto flex items-center gap-2 text-xs"
    >
      {routing.locales.map((locale) => (
        <Link
          key={locale}
          href={pathname}
          locale={locale}
          prefetch={false}
          lang={locale}
          hrefLang={locale}
          data-testid={`locale-${locale}`}
          aria-label={NAMES[locale]}
          aria-current={locale === current ? 'true' : undefined}
          className="rounded px-1.5 py-0.5 text-slate-600 hover:text-ink aria-[current]:font-bold aria-[current]:text-ink dark:text-slate-300 dark:hover:text-slate-100 dark:aria-[current]:text-slate-100"
        >
          {/* Named by its label, not by a screen-reader-only copy: text in another script is laid out even when clipped, and "العربية" sends a phone looking through its fonts before the first paint (components/Mark.tsx). */}
          <span aria-hidden className="sm:hidden">
            {locale.toUpperCase()}
          </span>
          <span aria-hidden className="max-sm:hidden">
            {NAMES[locale]}
          </span>
        </Link>
      ))}
    </div>
  );
}
