import type { Metadata } from 'next';
import { localizedMetadata, usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { HomeFeed } from '@/components/feed/HomeFeed';

export const generateMetadata = async (props: LocaleParams): Promise<Metadata> => ({
  ...(await localizedMetadata(props, 'feed', '/feed')),
  robots: { index: false },
});

/** Rendered in the browser: the feed is the visitor's own, read over the socket with their cookie. */
export default function FeedPage({ params }: LocaleParams) {
  usePageLocale(params);
  return <HomeFeed />;
}
