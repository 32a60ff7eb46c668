import { PERIOD_LABELS, PERIODS, type Period } from '@/lib/leaderboard/periods';
import type { SubmitResult } from '@/lib/quiz/types';
import { ordinal, plural } from '../format';
import { points } from './Breakdown';

/** "today, this week and all time" */
const listed = (labels: string[]) =>
  labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/**
 * "#3 today" alone, "tied for 1st with 143 players all time" when equal scores share the rank;
 * boards where the score ties alike are named together ("… today, this week and all time").
 */
function placesText(result: SubmitResult, ranked: Period[]): string {
  const groups = new Map<string, Period[]>();
  for (const period of ranked) {
    // Ties alike are told once; a rank of its own is told per board ("#3 today, #3 all time").
    const key = result.sharedBy[period] > 1 ? `${result.ranks[period]}:${result.sharedBy[period]}` : period;
    groups.set(key, [...(groups.get(key) ?? []), period]);
  }
  return [...groups.values()]
    .map((periods) => {
      const period = periods[0]!;
      const rank = result.ranks[period]!;
      const shared = result.sharedBy[period];
      const labels = listed(periods.map((each) => PERIOD_LABELS[each].toLowerCase()));
      return shared > 1 ? `tied for ${ordinal(rank)} with ${points(shared)} players ${labels}` : `#${rank} ${labels}`;
    })
    .join(', ');
}

/**
 * The finish screen's verdict: the ranks the score holds (shared by equal scores, docs/leaderboard.md),
 * or why it holds none. A score tying a full board's last place ranks there without a row: the
 * player is told the tie, never that they missed the board. Only a score under the threshold
 * "would have" ranked; one at or over it that ranks nowhere either did not beat the player's
 * best, or was a new best kept off by the rows its network (its address) holds already.
 */
export function rankText(result: SubmitResult): string {
  const ranked = PERIODS.filter((period) => result.ranks[period] !== null);
  if (ranked.length > 0) {
    const places = placesText(result, ranked);
    if (PERIODS.some((period) => result.listed[period])) return `You’re on the board: ${places}!`;
    return `You’re ${places}! The board lists the players who reached this score first.`;
  }
  if (result.score < result.threshold) {
    return `Not on the board this time: ${points(result.threshold)} ${plural(result.threshold, 'point', 'points')} would have placed you on the all time board.`;
  }
  if (!result.improved.all)
    return 'Not on the board this time: the board keeps your best game, and this one did not beat it.';
  return 'Not on the board this time: players from your address hold as many places as one address may, with better scores.';
}
