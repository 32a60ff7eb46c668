'use client';

import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { FeedPage } from '@/lib/feed/read';

/** How often the header asks how many entries are new. */
const REFRESH_MS = 30_000;

/** "Feed" in the header, with the count of entries that arrived since the visitor last looked. */
export function FeedLink() {
  const pathname = usePathname();
  const t = useTranslations('Layout');
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (pathname === '/feed') return;
    const ask = () =>
      fetch('/api/feed?limit=50')
        .then((response) => (response.ok ? (response.json() as Promise<FeedPage>) : null))
        .then((page) => page && setCount(page.entries.filter((entry) => entry.at > page.lastLooked).length))
        .catch(() => undefined);
    void ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pathname]);
  // On the feed itself everything is seen.
  const shown = pathname === '/feed' ? 0 : count;
  return (
    <Link
      href="/feed"
      prefetch={false}
      data-testid="feed-link"
      className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-300 hover:text-ink dark:hover:text-slate-100"
    >
      {t('feed')}
      {shown > 0 ? (
        <span data-testid="feed-new-count" className="rounded-full bg-accent px-1.5 text-xs font-bold text-white">
          {shown >= 50 ? '50+' : shown}
          <span className="sr-only"> {t('feedNew')}</span>
        </span>
      ) : null}
    </Link>
  );
}
