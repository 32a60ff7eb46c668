import { setBounded } from '../bounded';
import { localeOfPath } from '../http/locale';
import { isPublicFile } from '../http/request-policy';
import { isPeriod } from '../leaderboard/periods';
import { slugSchema } from '../live-events/schemas';
import { accountIdSchema } from '../folding/metric-events';
import { canonicalCursor, catalogueCursorSchema } from '../projects/schemas';

import type { PageTopic } from '../realtime/page-topics';

/**
 * A page whose HTML is the same for every visitor: `path` is what is rendered, and its cache key.
 * A page without a topic (a creator's) hears of no change, so it is rendered for every view and
 * never kept. A catalogue page past the first carries its cursor: one naming no listed project is
 * served `first` instead of a render of its own (lib/server/http-server.ts).
 */
export type SharedPage = {
  path: string;
  topic?: PageTopic;
  cursor?: { after: string; ending: boolean; first: SharedPage };
};

/**
 * What every path under a locale that no page answers is rendered from (app/[locale]/[...rest]):
 * one 404, kept per locale like a shell, so a client asking for new paths costs no render.
 */
export const UNKNOWN_PATH = '/not-found';

/**
 * Pages whose HTML holds no data: static in the build (e2e/static-shells.spec.ts), shared, everything
 * they show comes after hydration. Served by Next itself, a static page would say `s-maxage=31536000`.
 */
export const SHELLS = new Set(['/quiz', '/admin', '/ops', '/feed']);

/**
 * Targets already read, oldest first: anyone can ask for any target, so at most KNOWN_TARGETS of
 * them (the oldest forgotten), each at most KNOWN_TARGET_LENGTH long (a page's own path is far shorter).
 */
const known = new Map<string, SharedPage | null>();
const KNOWN_TARGETS = 1_000;
const KNOWN_TARGET_LENGTH = 256;

/**
 * The pages rendered once per version and shared (`/`, `/projects/<slug>`, `/leaderboard`, and
 * the shells `/quiz`, `/admin`, `/ops` and `/feed`, each under its locale: `/de/projects/<slug>`), by
 * the path they are rendered from: the query parameters that change the page are kept, any
 * other one (`?utm_source=`, the quiz's `?entry=`, read in the browser) is dropped, so a link
 * with tracking parameters costs no render of its own. A creator's page and the 404 of an unknown
 * path go through the cache too, so that a 404 is one the server renders (page-marks.ts).
 * Anything else (the API, Next's files, a locale's redirect) is left to Next.
 */
export function sharedPageOf(target: string): SharedPage | undefined {
  // The same few targets are asked for over and over: parsing one each time (its URL, its slug's
  // schema) cost a cached view about 2.5 µs, some 5 % of its CPU (`npm run bench -- pages`).
  const found = known.get(target);
  if (found !== undefined) return found ?? undefined;
  const page = readSharedPage(target);
  if (target.length > KNOWN_TARGET_LENGTH) return page;
  setBounded(known, target, page ?? null, KNOWN_TARGETS);
  return page;
}

function readSharedPage(target: string): SharedPage | undefined {
  const url = parse(target);
  if (!url) return undefined;
  const { searchParams } = url;
  // One copy per locale: the prefix is part of the path rendered, and so of the cache's key.
  const locale = localeOfPath(url.pathname);
  if (!locale) return undefined;
  const pathname = url.pathname.slice(locale.length + 1) || '/';
  const home = `/${locale}`;
  if (SHELLS.has(pathname)) return { path: `${home}${pathname}`, topic: { kind: 'shell' } };
  if (pathname === '/') {
    // `order=ending`: the campaigns ending soon, paged the same way.
    const order = searchParams.get('order') === 'ending' ? 'order=ending' : '';
    const asked = searchParams.get('after');
    const first: SharedPage = { path: order ? `${home}?${order}` : home, topic: { kind: 'catalogue' } };
    if (asked === null) return first;
    if (!catalogueCursorSchema.safeParse(asked).success) return undefined;
    const after = canonicalCursor(asked);
    const kept = `${order ? `${order}&` : ''}after=${encodeURIComponent(after)}`;
    return { path: `${home}?${kept}`, topic: { kind: 'catalogue' }, cursor: { after, ending: !!order, first } };
  }
  if (pathname === '/leaderboard') {
    const period = searchParams.get('period');
    const kept = isPeriod(period) && period !== 'all' ? `?period=${period}` : '';
    return { path: `${home}/leaderboard${kept}`, topic: { kind: 'leaderboard' } };
  }
  const slug = /^\/projects\/([^/]+)$/.exec(pathname)?.[1];
  if (slug && slugSchema.safeParse(slug).success)
    return { path: `${home}/projects/${slug}`, topic: { kind: 'project', slug } };
  const account = /^\/creators\/([^/]+)$/.exec(pathname)?.[1];
  if (account && accountIdSchema.safeParse(account).success) return { path: `${home}/creators/${account}` };
  if (answeredByNext(url.pathname)) return undefined;
  return { path: `${home}${UNKNOWN_PATH}`, topic: { kind: 'shell' } };
}

/**
 * Paths under a locale Next answers with something other than a page: a project's preview images
 * (public files), and a path ending in a slash (redirected to the one without).
 * tests/unit/server/unknown-paths.test.ts checks every route in app/ against these.
 */
const answeredByNext = (pathname: string) => pathname.endsWith('/') || isPublicFile(pathname);

export function topicName(topic: PageTopic): string {
  return topic.kind === 'project' ? `project:${topic.slug}` : topic.kind;
}

function parse(target: string): URL | undefined {
  try {
    return new URL(target, 'http://x');
  } catch {
    return undefined;
  }
}
