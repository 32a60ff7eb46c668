import { useTranslations } from 'next-intl';
import type { ConnectionState } from './live/keep-watching';

const LABELS: Record<ConnectionState, { dot: string }> = {
  connecting: { dot: 'bg-slate-400 dark:bg-slate-500' },
  live: { dot: 'bg-emerald-500 animate-pulse-dot' },
  reconnecting: { dot: 'bg-amber-500 animate-pulse-dot' },
};

/** `hidden` on an ended campaign's page: an archive shows no "Live" pill, though it still hears cancellations. */
export function ConnectionStatus({ state, hidden = false }: { state: ConnectionState; hidden?: boolean }) {
  const t = useTranslations('Connection');
  const { dot } = LABELS[state];
  return (
    <span
      data-testid="connection-status"
      data-state={state}
      hidden={hidden}
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 px-3 py-1 text-xs font-bold text-slate-700 dark:text-slate-300"
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${dot}`} />
      {t(state)}
    </span>
  );
}
