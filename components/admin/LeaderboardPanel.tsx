'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LiveLeaderboard } from '../leaderboard/LiveLeaderboard';
import { card, subtle } from './styles';

type Props = {
  disabled: boolean;
  onRemove: (id: string, name: string) => Promise<unknown>;
  onHide: (player: string, name: string) => Promise<unknown>;
};

/**
 * The three boards, live, with each row's player id, a remove button (the entry leaves every
 * board) and a hide button (every row of the player leaves every board, and their later games
 * stay off).
 */
export function LeaderboardPanel({ disabled, onRemove, onHide }: Props) {
  const t = useTranslations('Admin');
  const [serverTime] = useState(() => Date.now());
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    await action();
    setBusy(null);
  };
  return (
    <section className={`${card} lg:col-span-2`} aria-labelledby="admin-leaderboard">
      <div>
        <h2 id="admin-leaderboard" className="text-lg font-bold">
          {t('boardHeading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('boardIntro')}</p>
      </div>
      <div className="relative max-h-[32rem] overflow-y-auto rounded-2xl">
        <LiveLeaderboard
          initial={null}
          serverTime={serverTime}
          period="day"
          action={(entry) => (
            <span className="flex shrink-0 items-center gap-1">
              <code
                data-testid="admin-player-id"
                title={t('player', { player: entry.player })}
                className="max-w-16 truncate text-xs text-slate-500 dark:text-slate-400 sm:max-w-none"
              >
                {entry.player}
              </code>
              <button
                type="button"
                data-testid="admin-remove-entry"
                aria-label={t('removeLabel', { name: entry.name })}
                className={`${subtle} shrink-0 text-red-700 dark:text-red-300`}
                disabled={disabled || busy === entry.id}
                onClick={() => act(entry.id, () => onRemove(entry.id, entry.name))}
              >
                {t('remove')}
              </button>
              <button
                type="button"
                data-testid="admin-hide-player"
                aria-label={t('hideLabel', { player: entry.player, name: entry.name })}
                className={`${subtle} shrink-0 text-red-700 dark:text-red-300`}
                disabled={disabled || busy === entry.player}
                onClick={() => act(entry.player, () => onHide(entry.player, entry.name))}
              >
                {t('hide')}
              </button>
            </span>
          )}
        />
      </div>
    </section>
  );
}
