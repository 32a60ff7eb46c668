import type { ConnectionState } from '../live/keep-watching';
import { useOpsWords } from './use-ops-words';

const placeholder =
  'rounded-2xl border border-slate-200 dark:border-slate-700 bg-slate-100 dark:bg-slate-800 animate-pulse motion-reduce:animate-none';

/**
 * What /ops shows until its socket's first snapshot: the page is one static shell, and every
 * figure on it comes live. While Redis is away the watch keeps failing: say so, as
 * <Unavailable /> does for the pages rendered on the server.
 */
export function OpsLoading({ connection }: { connection: ConnectionState }) {
  const { t } = useOpsWords();
  return (
    <div data-testid="ops-loading" aria-busy="true" className="space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {connection === 'reconnecting' ? t('reconnecting') : t('loading')}
      </p>
      <div aria-hidden className="space-y-6">
        <div className={`${placeholder} h-20`} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className={`${placeholder} h-28`} />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          <div className={`${placeholder} h-40`} />
          <div className={`${placeholder} h-40`} />
        </div>
        <div className={`${placeholder} h-28`} />
      </div>
    </div>
  );
}
