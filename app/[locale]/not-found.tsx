'use client';

import { useTranslations } from 'next-intl';
import { NotFoundPanel } from '@/components/errors/NotFoundPanel';

/** Any path nothing answers, and notFound() outside a project page: a 404, in the site's look. */
export default function NotFound() {
  const t = useTranslations('NotFound');
  return <NotFoundPanel heading={t('pageHeading')}>{t('pageBody')}</NotFoundPanel>;
}
