import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { publicMessages } from '@/i18n/operator-messages';
import { asLocale, directionOf, routing } from '@/i18n/routing';
import { FeedLink } from '@/components/feed/FeedLink';
import { InstanceName } from '@/components/InstanceName';
import { LocaleSwitcher } from '@/components/LocaleSwitcher';
import { siteOrigin } from '@/lib/http/public-origin';
import '../globals.css';

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> };

/** Every locale's shells are built ahead (the static pages stay static, one per locale). */
export const generateStaticParams = () => routing.locales.map((locale) => ({ locale }));

/** Absolute URLs (canonical, previews) start with PUBLIC_ORIGIN; the static pages carry the build's. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = asLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return {
    metadataBase: new URL(siteOrigin()),
    title: { default: 'crowdpulse', template: '%s · crowdpulse' },
    description: t('description'),
    openGraph: { siteName: 'crowdpulse', type: 'website', locale },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#4f46e5' },
    { media: '(prefers-color-scheme: dark)', color: '#0f172a' },
  ],
};

/** `short` is what a phone shows, so that the whole bar fits 390 px; the link's name stays `label`. */
const NAV = [
  { href: '/', label: 'projects' },
  { href: '/quiz', label: 'quiz' },
  { href: '/leaderboard', label: 'leaderboard', short: 'board' },
] as const;

/** The root of every page: `lang` and `dir` of its locale, its messages for the client components (the operators' pages add theirs). */
export default async function LocaleLayout({ children, params }: Props) {
  const asked = (await params).locale;
  if (!hasLocale(routing.locales, asked)) notFound();
  const locale = asked;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="min-h-screen bg-slate-50 dark:bg-slate-950 font-sans text-ink dark:text-slate-100 antialiased">
        <NextIntlClientProvider locale={locale} messages={await publicMessages(locale)}>
          <header className="sticky top-0 z-10 border-b border-slate-200 dark:border-slate-700 bg-white/85 dark:bg-slate-900/85 backdrop-blur">
            <nav className="mx-auto flex max-w-6xl items-center gap-3 overflow-x-auto whitespace-nowrap px-4 py-3 text-sm sm:gap-6">
              <Link href="/" prefetch={false} className="flex items-center gap-2 text-base font-bold tracking-tight">
                <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-accent animate-pulse-dot" />
                <span className="max-sm:sr-only">crowdpulse</span>
              </Link>
              {/* Every page is live and resyncs over its socket: a prefetched render would be stale on
                arrival, and prefetching all of them cost a server render each on every page view. */}
              {NAV.map(({ href, label, ...rest }) => (
                <Link
                  key={href}
                  href={href}
                  prefetch={false}
                  className="text-slate-600 dark:text-slate-300 hover:text-ink dark:hover:text-slate-100"
                >
                  {'short' in rest ? (
                    <>
                      <span aria-hidden className="sm:hidden">
                        {t(rest.short)}
                      </span>
                      <span className="max-sm:sr-only">{t(label)}</span>
                    </>
                  ) : (
                    t(label)
                  )}
                </Link>
              ))}
              <FeedLink />
              <LocaleSwitcher />
            </nav>
          </header>
          <main className="mx-auto max-w-6xl px-4 py-6 sm:py-10">{children}</main>
          <footer className="mx-auto max-w-6xl px-4 pb-10 text-xs text-slate-500 dark:text-slate-400">
            {t('about')}
            {/* For the people who run the site, not its visitors: here, out of the header's bar. */}
            <nav aria-label={t('operators')} className="mt-2 flex gap-4">
              <Link href="/ops" prefetch={false} className="underline hover:text-ink dark:hover:text-slate-100">
                {t('ops')}
              </Link>
              <Link href="/admin" prefetch={false} className="underline hover:text-ink dark:hover:text-slate-100">
                {t('admin')}
              </Link>
            </nav>
            <InstanceName />
          </footer>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
