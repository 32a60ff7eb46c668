/**
 * How the live figures move when they change: pure, so the timing rules are unit-tested
 * (tests/unit/figure-motion.test.ts) apart from React and the browser's frames.
 */

/** How long a figure counts up from its old value to its new one. */
export const COUNT_UP_MS = 800;

/** On a hot project the total changes many times a second: a screen reader hears it at most this often. */
export const ANNOUNCE_GAP_MS = 5_000;

/** The value shown `elapsed` ms into a count-up from `from` to `to`: fast at first, settling on `to` (ease-out). */
export function countUpValue(from: number, to: number, elapsed: number, duration = COUNT_UP_MS): number {
  if (elapsed >= duration || from === to) return to;
  const progress = Math.max(0, elapsed) / duration;
  return Math.round(from + (to - from) * (1 - (1 - progress) ** 3));
}

/** When the total was last announced, and when the next announcement is due (one is pending). */
export type Announcer = { lastAt: number | null; dueAt: number | null };

export const QUIET: Announcer = { lastAt: null, dueAt: null };

/**
 * The total changed at `now`: say it now when the last announcement is `gap` old (or there was
 * none); otherwise one announcement is due when the gap has passed, and it says the total as it
 * is then. Changes meanwhile join that one: announcements are never closer than `gap`, and the
 * last change is always said.
 */
export function totalChanged(
  state: Announcer,
  now: number,
  gap = ANNOUNCE_GAP_MS,
): { state: Announcer; sayNow: boolean } {
  if (state.dueAt !== null) return { state, sayNow: false };
  if (state.lastAt === null || now - state.lastAt >= gap) return { state: { lastAt: now, dueAt: null }, sayNow: true };
  return { state: { lastAt: state.lastAt, dueAt: state.lastAt + gap }, sayNow: false };
}

/** The pending announcement is said at `now`. */
export function announced(now: number): Announcer {
  return { lastAt: now, dueAt: null };
}
