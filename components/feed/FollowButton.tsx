'use client';

import { useEffect, useState } from 'react';

type State = 'unknown' | 'following' | 'not-following' | 'busy' | 'failed';

/** Follow / Following on a project: its news, milestones and backers then reach the visitor's feed. */
export function FollowButton({ slug, title }: { slug: string; title: string }) {
  const [state, setState] = useState<State>('unknown');
  useEffect(() => {
    fetch('/api/follows')
      .then((response) => (response.ok ? (response.json() as Promise<{ follows: { slug: string }[] }>) : Promise.reject(new Error())))
      .then(({ follows }) => setState(follows.some((f) => f.slug === slug) ? 'following' : 'not-following'))
      .catch(() => setState('not-following'));
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
      aria-label={following ? `Following ${title}: press to unfollow` : `Follow ${title}`}
      disabled={state === 'busy' || state === 'unknown'}
      onClick={() => void toggle()}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold transition disabled:opacity-60 ${
        following ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50' : 'bg-accent text-white hover:bg-indigo-700'
      }`}
    >
      {following ? 'Following' : state === 'failed' ? 'Follow (try again)' : 'Follow'}
    </button>
  );
}
