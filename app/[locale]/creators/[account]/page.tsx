import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { asLocale } from '@/i18n/routing';
import { pageLocale } from '@/i18n/page-locale';
import { connection } from 'next/server';
import { CreatorView } from '@/components/creators/CreatorView';
import { formatWindow } from '@/components/format';
import { orUnavailable } from '@/components/unavailable-boundary';
import { accountIdSchema } from '@/lib/folding/metric-events';
import { configuredWindows } from '@/lib/live-events/context';
import { readCreatorView } from '@/lib/ops/ops-snapshot';
import NotFound from '../../not-found';

type Props = { params: Promise<{ account: string; locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { account, locale } = await params;
  const t = await getTranslations({ locale: asLocale(locale), namespace: 'Creator' });
  return {
    title: t('title'),
    description: t('description'),
    alternates: { canonical: `/creators/${account}` },
  };
}

export default orUnavailable(async function CreatorPage({ params }: Props) {
  const locale = await pageLocale(params);
  await connection();
  const { account } = await params;
  // Rendered rather than thrown, as an unknown project's page is (app/[locale]/[...rest]/page.tsx says why).
  const totals = accountIdSchema.safeParse(account).success ? await readCreatorView(account) : undefined;
  if (!totals) return <NotFound />;
  return <CreatorView initial={totals} window={formatWindow(configuredWindows().contributions, locale)} />;
});
