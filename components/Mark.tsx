/**
 * Symbols drawn, not typed. A character the page's font lacks (✦ ★ ▾ ⏱ → ✓) sends the browser looking
 * through every installed font for one that has it before the first layout: 10–20 ms on a laptop,
 * four times that on Lighthouse's phone (docs/benchmarks.md). A path costs nothing of the kind.
 */
const SHAPES = {
  sparkle: { fill: true, d: 'M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z' },
  star: { fill: true, d: 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z' },
  chevron: { fill: false, d: 'M6 9l6 6 6-6' },
  timer: { fill: false, d: 'M12 8v5l3 2M9 2h6M12 5a8 8 0 1 0 0 16 8 8 0 0 0 0-16z' },
  /** Points to the end of the line: flipped in a right-to-left page (`rtl:-scale-x-100`). */
  arrow: { fill: false, d: 'M4 12h15M13 6l6 6-6 6' },
  check: { fill: false, d: 'M4 12.5l5 5L20 6.5' },
  cross: { fill: false, d: 'M6 6l12 12M18 6L6 18' },
} as const;

export type MarkName = keyof typeof SHAPES;

export function Mark({ name, className = 'h-3.5 w-3.5' }: { name: MarkName; className?: string }) {
  const { fill, d } = SHAPES[name];
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={className}
      fill={fill ? 'currentColor' : 'none'}
      stroke={fill ? 'none' : 'currentColor'}
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
