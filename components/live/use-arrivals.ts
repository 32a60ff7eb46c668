import { useState } from 'react';

/**
 * The arrival animation's class for a row, given every row the first render showed: only rows that
 * came in afterwards animate. A dozen rows of the server's HTML animating their background at load
 * made the phone repaint in every frame of its first second (Lighthouse: non-composited animations).
 */
export function useArrivals(firstKeys: readonly (string | number)[]): (key: string | number) => string {
  const [drawnFirst] = useState(() => new Set(firstKeys));
  return (key) => (drawnFirst.has(key) ? '' : 'animate-arrive');
}
