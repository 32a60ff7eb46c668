'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

/**
 * Shares the project's link with the Web Share API where the browser has it, else copies it
 * (navigator.clipboard), then counts the share (`POST …/shares`, the `shares` kind). A share the
 * visitor cancelled is not counted.
 */
export function ShareButton({ slug, title }: { slug: string; title: string }) {
  const [said, setSaid] = useState('');
  const t = useTranslations('Share');

  async function share() {
    // Unprefixed: whoever opens it gets the page in their own language (lib/http/locale.ts).
    const url = `${window.location.origin}/projects/${slug}`;
    try {
      if (typeof navigator.share === 'function') await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        setSaid(t('copied'));
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setSaid(t('failed'));
      return;
    }
    const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
    await fetch(`/api/projects/${slug}/shares`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id }),
    }).catch(() => undefined);
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        data-testid="share-button"
        onClick={() => void share()}
        className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-bold hover:border-accent hover:text-accent dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-indigo-300 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {t('share')}
      </button>
      <span data-testid="share-message" aria-live="polite" className="text-xs text-slate-600 dark:text-slate-300">
        {said}
      </span>
    </span>
  );
}
