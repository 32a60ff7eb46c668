import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { FeedLink } from '@/components/feed/FeedLink';
import { InstanceName } from '@/components/InstanceName';
import { siteOrigin } from '@/lib/http/public-origin';
import './globals.css';

/** Absolute URLs (canonical, previews) start with PUBLIC_ORIGIN; the static pages carry the build's. */
export const metadata: Metadata = {
  metadataBase: new URL(siteOrigin()),
  title: { default: 'crowdpulse', template: '%s · crowdpulse' },
  description: 'Live crowdfunding pages, a buzzword quiz and more: four Redis patterns in one product.',
  openGraph: { siteName: 'crowdpulse', type: 'website' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#4f46e5' },
    { media: '(prefers-color-scheme: dark)', color: '#0f172a' },
  ],
};

/** `short` is what a phone shows, so that the whole bar fits 390 px; the link's name stays `label`. */
const NAV: { href: string; label: string; short?: string }[] = [
  { href: '/', label: 'Projects' },
  { href: '/quiz', label: 'Quiz' },
  { href: '/leaderboard', label: 'Leaderboard', short: 'Board' },
];

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 dark:bg-slate-950 font-sans text-ink dark:text-slate-100 antialiased">
        <header className="sticky top-0 z-10 border-b border-slate-200 dark:border-slate-700 bg-white/85 dark:bg-slate-900/85 backdrop-blur">
          <nav className="mx-auto flex max-w-6xl items-center gap-3 overflow-x-auto whitespace-nowrap px-4 py-3 text-sm font-medium sm:gap-6">
            <Link href="/" prefetch={false} className="flex items-center gap-2 text-base font-bold tracking-tight">
              <span aria-hidden className="inline-block h-3 w-3 rounded-full bg-accent animate-pulse-dot" />
              <span className="max-sm:sr-only">crowdpulse</span>
            </Link>
            {/* Every page is live and resyncs over its socket: a prefetched render would be stale on
                arrival, and prefetching all of them cost a server render each on every page view. */}
            {NAV.map(({ href, label, short }) => (
              <Link key={href} href={href} prefetch={false} className="text-slate-600 dark:text-slate-300 hover:text-ink dark:hover:text-slate-100">
                {short ? (
                  <>
                    <span aria-hidden className="sm:hidden">{short}</span>
                    <span className="max-sm:sr-only">{label}</span>
                  </>
                ) : (
                  label
                )}
              </Link>
            ))}
            <FeedLink />
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6 sm:py-10">{children}</main>
        <footer className="mx-auto max-w-6xl px-4 pb-10 text-xs text-slate-500 dark:text-slate-400">
          A reference app: live events, a capped leaderboard, event folding and timelines in Redis, pushed over Socket.IO.
          {/* For the people who run the site, not its visitors: here, out of the header's bar. */}
          <nav aria-label="For operators" className="mt-2 flex gap-4">
            <Link href="/ops" prefetch={false} className="underline hover:text-ink dark:hover:text-slate-100">
              Ops dashboard
            </Link>
            <Link href="/admin" prefetch={false} className="underline hover:text-ink dark:hover:text-slate-100">
              Admin
            </Link>
          </nav>
          <InstanceName />
        </footer>
      </body>
    </html>
  );
}
