import { PERIOD_LABELS, PERIODS } from '@/lib/leaderboard/periods';
import type { SubmitResult } from '@/lib/quiz/types';
import { plural } from '../live/format';
import { points } from './Breakdown';

/** "#3 today, #12 this week, #57 all time", naming only the boards the entry is on. */
function placesText(result: SubmitResult): string | null {
  const places = PERIODS.filter((period) => result.ranks[period] !== null).map(
    (period) => `#${result.ranks[period]} ${PERIOD_LABELS[period].toLowerCase()}`,
  );
  return places.length === 0 ? null : places.join(', ');
}

/**
 * The finish screen's verdict: the ranks the entry holds, or why it holds none. Only a score under
 * the threshold "would have entered"; one above it that entered nowhere either did not beat the
 * player's best, or was a new best kept off by the rows its network (its address) holds already.
 */
export function rankText(result: SubmitResult): string {
  const places = placesText(result);
  if (places) return `You’re on the board: ${places}!`;
  if (result.score < result.threshold) {
    return `Not on the board this time: ${points(result.threshold)} ${plural(result.threshold, 'point', 'points')} would have entered the all time board.`;
  }
  if (!result.improved.all) return 'Not on the board this time: the board keeps your best game, and this one did not beat it.';
  return 'Not on the board this time: players from your address hold as many places as one address may, with better scores.';
}
