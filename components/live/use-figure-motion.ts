'use client';

import { useEffect, useRef, useState } from 'react';
import { announced, countUpValue, QUIET, totalChanged, type Announcer } from './figure-motion';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The number to show for a live figure: it counts up to each new value over a few frames, or
 * jumps there at once when the visitor asked for reduced motion.
 */
export function useCountUp(value: number): number {
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);
  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    const jump = reducedMotion();
    let frame = 0;
    let start: number | null = null;
    const step = (time: number) => {
      start ??= time;
      const next = jump ? value : countUpValue(from, value, time - start);
      shownRef.current = next;
      setShown(next);
      if (next !== value) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return shown;
}

/**
 * How many times `value` changed since the page was rendered: a figure keyed by it plays its
 * highlight again on each change, and not when the page first shows.
 */
export function useChanges(value: number): number {
  const [seen, setSeen] = useState({ value, changes: 0 });
  if (seen.value !== value) setSeen({ value, changes: seen.changes + 1 });
  return seen.changes + (seen.value === value ? 0 : 1);
}

/**
 * What the polite live region says about the total: its new text once it changes, at most once
 * every ANNOUNCE_GAP_MS (figure-motion.ts), always ending on the latest total.
 */
export function useAnnouncement(value: number, say: (value: number) => string): string {
  const [text, setText] = useState('');
  const first = useRef(value);
  const latest = useRef(() => say(value));
  const announcer = useRef<Announcer>(QUIET);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latest.current = () => say(value);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (value === first.current && announcer.current.lastAt === null) return;
    const before = announcer.current;
    const { state, sayNow } = totalChanged(before, Date.now());
    announcer.current = state;
    // An announcement already due says the total as it is then, this change included.
    if (before.dueAt !== null) return;
    const speak = () => {
      announcer.current = announced(Date.now());
      setText(latest.current());
    };
    timer.current = setTimeout(speak, sayNow ? 0 : state.dueAt! - Date.now());
  }, [value]);
  return text;
}
