'use client';

import { useState } from 'react';
import { useOpsWords } from './use-ops-words';

type BurstStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; accounts: string[] }
  | { kind: 'error'; status: number | null };

/** Asks the server to send 200 events over 2 s across 4 fresh accounts. */
export function BurstButton({ onFired }: { onFired: (accounts: string[]) => void }) {
  const { t } = useOpsWords();
  const [status, setStatus] = useState<BurstStatus>({ kind: 'idle' });
  const fire = async () => {
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch('/api/folding/burst', { method: 'POST' });
      const body = (await response.json().catch(() => null)) as { accounts?: string[] } | null;
      if (!response.ok || !body?.accounts) return setStatus({ kind: 'error', status: response.status });
      setStatus({ kind: 'sent', accounts: body.accounts });
      onFired(body.accounts);
    } catch {
      setStatus({ kind: 'error', status: null });
    }
  };
  /** The server's refusal in the page's words, never its developer's message. */
  const failure = (code: number | null) => {
    if (code === null) return t('burstUnreachable');
    const known = {
      401: 'burstUnauthorized',
      409: 'burstRunning',
      429: 'burstRateLimited',
      503: 'burstUnavailable',
    } as const;
    return code in known ? t(known[code as keyof typeof known]) : t('burstFailed', { status: code });
  };
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <button
        type="button"
        data-testid="fire-burst"
        onClick={fire}
        disabled={status.kind === 'sending'}
        className="rounded-xl bg-accent px-4 py-2.5 text-sm font-bold text-white shadow-sm transition hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60"
      >
        {status.kind === 'sending' ? t('firing') : t('fire')}
      </button>
      <p data-testid="burst-status" role="status" className="text-xs text-slate-500 dark:text-slate-400">
        {status.kind === 'sent' && t('burstSent', { count: status.accounts.length })}
        {status.kind === 'error' && <span className="text-rose-700 dark:text-rose-300">{failure(status.status)}</span>}
        {status.kind === 'idle' && t('burstIdle')}
      </p>
    </div>
  );
}
