'use client';

import { useTranslations } from 'next-intl';
import { NotFoundPanel } from '@/components/errors/NotFoundPanel';

/** A link to a project that does not exist (never did, or was removed): a 404 that says so. */
export default function ProjectNotFound() {
  const t = useTranslations('NotFound');
  return <NotFoundPanel heading={t('projectHeading')}>{t('projectBody')}</NotFoundPanel>;
}
