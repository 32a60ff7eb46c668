import type { ProjectArt as Art } from '@/lib/projects/types';

/** Project artwork drawn in SVG from a motif and three colours: no external images. */
export function ProjectArt({ art, className = '' }: { art: Art; className?: string }) {
  const [deep, mid, light] = art.colors;
  const id = `art-${art.motif}-${deep.slice(1)}`;
  return (
    <svg viewBox="0 0 400 200" preserveAspectRatio="xMidYMid slice" className={className} aria-hidden>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={deep} />
          <stop offset="1" stopColor={mid} />
        </linearGradient>
      </defs>
      <rect width="400" height="200" fill={`url(#${id})`} />
      {motifs[art.motif](light, mid, deep)}
    </svg>
  );
}

const motifs: Record<Art['motif'], (light: string, mid: string, deep: string) => React.ReactNode> = {
  waves: (light) =>
    [0, 1, 2, 3].map((i) => (
      <path
        key={i}
        d={`M0 ${110 + i * 22} C 80 ${80 + i * 22}, 140 ${150 + i * 22}, 220 ${115 + i * 22} S 360 ${90 + i * 22}, 400 ${118 + i * 22}`}
        fill="none"
        stroke={light}
        strokeOpacity={0.75 - i * 0.15}
        strokeWidth={6 - i}
      />
    )),
  peaks: (light, mid, deep) => (
    <>
      <circle cx="310" cy="55" r="26" fill={light} opacity="0.9" />
      <path d="M0 200 L90 90 L150 150 L230 60 L320 160 L400 110 L400 200 Z" fill={deep} opacity="0.55" />
      <path d="M0 200 L70 140 L140 180 L260 105 L400 190 L400 200 Z" fill={mid} opacity="0.9" />
      <path d="M230 60 L250 82 L238 80 L226 90 L214 78 Z" fill={light} />
    </>
  ),
  orbits: (light) => (
    <>
      {[40, 70, 100].map((r, i) => (
        <ellipse
          key={r}
          cx="200"
          cy="100"
          rx={r * 1.6}
          ry={r * 0.7}
          fill="none"
          stroke={light}
          strokeOpacity={0.6 - i * 0.12}
          strokeWidth="2"
          transform="rotate(-12 200 100)"
        />
      ))}
      <circle cx="200" cy="100" r="22" fill={light} />
      <circle cx="318" cy="78" r="7" fill={light} />
      <circle cx="104" cy="128" r="5" fill={light} opacity="0.8" />
    </>
  ),
  grid: (light) =>
    Array.from({ length: 60 }, (_, i) => (
      <rect
        key={i}
        x={20 + (i % 12) * 31}
        y={22 + Math.floor(i / 12) * 32}
        width="22"
        height="22"
        rx="3"
        fill={light}
        opacity={((i * 7) % 10) / 14 + 0.1}
      />
    )),
  sunrise: (light, mid) => (
    <>
      <circle cx="200" cy="170" r="80" fill={light} opacity="0.95" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} x="0" y={150 + i * 9} width="400" height="4" fill={mid} opacity="0.7" />
      ))}
    </>
  ),
};
