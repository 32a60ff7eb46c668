import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { OperatorMessages } from '@/i18n/operator-messages';
import { asLocale } from '@/i18n/routing';
import { OpsDashboard } from '@/components/ops/OpsDashboard';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: asLocale((await params).locale), namespace: 'Ops' });
  return { title: t('title'), description: t('description'), alternates: { canonical: '/ops' } };
}

/** A static shell: the dashboard's figures come from its socket once hydrated (components/ops/use-ops.ts). */
export default function OpsPage({ params }: LocaleParams) {
  usePageLocale(params);
  return (
    <OperatorMessages namespace="Ops">
      <OpsDashboard />
    </OperatorMessages>
  );
}
