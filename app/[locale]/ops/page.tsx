import type { Metadata } from 'next';
import { usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { OpsDashboard } from '@/components/ops/OpsDashboard';

export const metadata: Metadata = {
  title: 'Ops',
  description: 'Bursts of events folded into one publication per creator, live.',
  alternates: { canonical: '/ops' },
};

/** A static shell: the dashboard's figures come from its socket once hydrated (components/ops/use-ops.ts). */
export default function OpsPage({ params }: LocaleParams) {
  usePageLocale(params);
  return <OpsDashboard />;
}
