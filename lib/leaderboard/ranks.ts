/**
 * How the boards rank (docs/leaderboard.md): equal scores share a rank, standard competition
 * ranking ("1224"), so a row's rank is 1 + the rows above it with more points, whatever their
 * order among equals (who reached the score first is listed first). Pure: the server's boards
 * and the page's live model rank alike.
 */
export function competitionRanks<T extends { score: number }>(entries: readonly T[]): (T & { rank: number })[] {
  let rank = 0;
  return entries.map((entry, i) => {
    if (i === 0 || entry.score !== entries[i - 1]!.score) rank = i + 1;
    return { ...entry, rank };
  });
}
