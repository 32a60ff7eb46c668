'use client';

import { useState } from 'react';
import { LiveLeaderboard } from '../leaderboard/LiveLeaderboard';
import { card, subtle } from './styles';

type Props = { disabled: boolean; onRemove: (id: string, name: string) => Promise<unknown> };

/** The three boards, live, with a remove button per row: removing takes the entry off every board. */
export function LeaderboardPanel({ disabled, onRemove }: Props) {
  const [serverTime] = useState(() => Date.now());
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <section className={`${card} lg:col-span-2`} aria-labelledby="admin-leaderboard">
      <div>
        <h2 id="admin-leaderboard" className="text-lg font-semibold">Leaderboard</h2>
        <p className="text-sm text-slate-600">Remove an offensive name: it leaves today’s, this week’s and the all time board at once, on every open page.</p>
      </div>
      <div className="relative max-h-[32rem] overflow-y-auto rounded-2xl">
        <LiveLeaderboard
          initial={null}
          serverTime={serverTime}
          period="day"
          action={(entry) => (
            <button
              type="button"
              data-testid="admin-remove-entry"
              aria-label={`Remove ${entry.name}`}
              className={`${subtle} shrink-0 text-red-700`}
              disabled={disabled || removing === entry.id}
              onClick={async () => {
                setRemoving(entry.id);
                await onRemove(entry.id, entry.name);
                setRemoving(null);
              }}
            >
              Remove
            </button>
          )}
        />
      </div>
    </section>
  );
}
