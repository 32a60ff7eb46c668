import type { Metadata } from 'next';
import { usePageLocale, type LocaleParams } from '@/i18n/page-locale';
import { AdminConsole } from '@/components/admin/AdminConsole';

export const metadata: Metadata = {
  title: 'Admin',
  description: 'Projects, news and moderation, with the admin token.',
  alternates: { canonical: '/admin' },
  robots: { index: false },
};

export default function AdminPage({ params }: LocaleParams) {
  usePageLocale(params);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Create and update projects, publish and unpublish news, cancel contributions, import past events and remove
          leaderboard entries. Every open page reflects a change within a second.
        </p>
      </header>
      <AdminConsole />
    </div>
  );
}
