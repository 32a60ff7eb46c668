'use client';

import { useState } from 'react';

type BurstStatus =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; accounts: string[] } | { kind: 'error'; message: string };

/** Asks the server to send 200 events over 2 s across 4 fresh accounts. */
export function BurstButton({ onFired }: { onFired: (accounts: string[]) => void }) {
  const [status, setStatus] = useState<BurstStatus>({ kind: 'idle' });
  const fire = async () => {
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch('/api/folding/burst', { method: 'POST' });
      const body = (await response.json()) as { accounts?: string[]; error?: { message: string } };
      if (!response.ok || !body.accounts) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
      setStatus({ kind: 'sent', accounts: body.accounts });
      onFired(body.accounts);
    } catch (error) {
      setStatus({ kind: 'error', message: (error as Error).message });
    }
  };
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <button
        type="button"
        data-testid="fire-burst"
        onClick={fire}
        disabled={status.kind === 'sending'}
        className="rounded-xl bg-accent px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60"
      >
        {status.kind === 'sending' ? 'Firing…' : 'Fire a burst'}
      </button>
      <p data-testid="burst-status" role="status" className="text-xs text-slate-500 dark:text-slate-400">
        {status.kind === 'sent' && `200 events over 2 s to ${status.accounts.length} accounts (highlighted)`}
        {status.kind === 'error' && (
          <span className="text-rose-700 dark:text-rose-300">Could not fire: {status.message}</span>
        )}
        {status.kind === 'idle' && '200 events over 2 s across 4 accounts'}
      </p>
    </div>
  );
}
