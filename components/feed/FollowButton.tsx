'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

type State = 'unknown' | 'following' | 'not-following' | 'busy' | 'failed';

let asking: Promise<Set<string>> | null = null;

/**
 * The followed slugs, asked once for every button mounted together: a page of catalogue cards
 * sends one `GET /api/follows`, not one per card. Only the request in flight is shared, so a
 * later page (or a button mounted after a follow) asks afresh.
 */
function followedSlugs(): Promise<Set<string>> {
  asking ??= fetch('/api/follows')
    .then((response) =>
      response.ok ? (response.json() as Promise<{ follows: { slug: string }[] }>) : Promise.reject(new Error()),
    )
    .then(({ follows }) => new Set(follows.map((f) => f.slug)))
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * Follow / Following on a project: its news, milestones and backers then reach the visitor's feed.
 * Beside the project page's title and under each catalogue card (outside the card's link).
 */
export function FollowButton({ slug, title }: { slug: string; title: string }) {
  const [state, setState] = useState<State>('unknown');
  const t = useTranslations('Follow');
  useEffect(() => {
    let live = true;
    followedSlugs()
      .then((slugs) => live && setState(slugs.has(slug) ? 'following' : 'not-following'))
      .catch(() => live && setState('not-following'));
    return () => {
      live = false;
    };
  }, [slug]);

  const following = state === 'following';
  const toggle = async () => {
    const was = following;
    setState('busy');
    const response = await fetch(was ? `/api/follows/${slug}` : '/api/follows', {
      method: was ? 'DELETE' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(was ? {} : { body: JSON.stringify({ slug }) }),
    }).catch(() => null);
    setState(response?.ok ? (was ? 'not-following' : 'following') : 'failed');
  };

  return (
    <button
      type="button"
      data-testid="follow-button"
      aria-pressed={following}
      aria-label={following ? t('followingLabel', { title }) : t('followLabel', { title })}
      disabled={state === 'busy' || state === 'unknown'}
      onClick={() => void toggle()}
      // Secondary beside a project's one filled action, Back it (its contribute button).
      className={`rounded-full border px-4 py-1.5 text-sm font-bold transition disabled:opacity-60 ${
        following
          ? 'border-indigo-200 dark:border-indigo-800 bg-indigo-50 dark:bg-indigo-950/60 text-accent dark:text-indigo-300 hover:bg-indigo-100 dark:hover:bg-indigo-900/60'
          : 'border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 text-accent dark:text-indigo-300 hover:border-accent dark:hover:border-indigo-400'
      }`}
    >
      {following ? t('following') : state === 'failed' ? t('retry') : t('follow')}
    </button>
  );
}
