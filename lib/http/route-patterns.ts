import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Next's metadata files, by the path each serves. */
const METADATA_FILES: Record<string, string> = {
  'opengraph-image.tsx': 'opengraph-image',
  'twitter-image.tsx': 'twitter-image',
  'sitemap.ts': 'sitemap.xml',
  'robots.ts': 'robots.txt',
};

export type RoutePattern = { pattern: string; kind: 'api' | 'page'; test: (pathname: string) => boolean };

/**
 * The routes the app router serves, found the way Next finds them: every `route.ts` and
 * `page.tsx` under app/, its folders the pattern (`[slug]` a segment; groups `(x)` dropped), and
 * the metadata files (`sitemap.ts` serves /sitemap.xml).
 * Most specific first (fewer dynamic segments), so /api/docs wins over /api/[x].
 */
export function appRoutePatterns(appDir = path.join(process.cwd(), 'app')): RoutePattern[] {
  const found: RoutePattern[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
      else if (entry.name === 'route.ts') found.push(toPattern(segments, 'api'));
      else if (entry.name === 'page.tsx') found.push(toPattern(segments, 'page'));
      else if (METADATA_FILES[entry.name]) found.push(toPattern([...segments, METADATA_FILES[entry.name]!], 'page'));
    }
  };
  walk(appDir, []);
  const dynamicCount = (route: RoutePattern) => route.pattern.split('[').length;
  return found.sort((a, b) => dynamicCount(a) - dynamicCount(b));
}

function toPattern(segments: string[], kind: RoutePattern['kind']): RoutePattern {
  const kept = segments.filter((segment) => !/^\(.*\)$/.test(segment));
  // A page's locale is left out of its label: /de/projects/x and /en/projects/x are one route, /projects/[slug].
  const pattern = `/${(kept[0] === '[locale]' ? kept.slice(1) : kept).join('/')}`;
  const regex = new RegExp(`^/${kept.map((s) => (/^\[.+\]$/.test(s) ? '[^/]+' : escape(s))).join('/')}/?$`);
  return { pattern, kind, test: (pathname) => regex.test(pathname) };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern a path is served by, for metrics: bounded label values whatever clients send. */
export function routeOf(patterns: RoutePattern[], pathname: string): string {
  if (pathname.startsWith('/_next/')) return '/_next/*';
  return patterns.find((route) => route.test(pathname))?.pattern ?? 'unmatched';
}
