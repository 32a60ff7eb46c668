import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { OperatorMessages } from '@/i18n/operator-messages';
import { asLocale } from '@/i18n/routing';
import { AdminConsole } from '@/components/admin/AdminConsole';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: asLocale((await params).locale), namespace: 'Admin' });
  return {
    title: t('title'),
    description: t('description'),
    alternates: { canonical: '/admin' },
    robots: { index: false },
  };
}

export default function AdminPage({ params }: LocaleParams) {
  usePageLocale(params);
  const t = useTranslations('Admin');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('intro')}</p>
      </header>
      <OperatorMessages namespace="Admin">
        <AdminConsole />
      </OperatorMessages>
    </div>
  );
}
