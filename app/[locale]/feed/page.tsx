import type { Metadata } from 'next';
import { usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { HomeFeed } from '@/components/feed/HomeFeed';

export const metadata: Metadata = {
  title: 'Your feed',
  description: 'News and milestones of the projects you follow.',
  alternates: { canonical: '/feed' },
  robots: { index: false },
};

/** Rendered in the browser: the feed is the visitor's own, read over the socket with their cookie. */
export default function FeedPage({ params }: LocaleParams) {
  usePageLocale(params);
  return <HomeFeed />;
}
