import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { App } from './app';
import type { FigureResult, Row } from './report';
import { LOCALES } from '../lib/locales';
import { chromiumPath } from '../scripts/chromium';
import { measureIntlFirstUse } from './intl-cost';
import { progress } from './support';

/**
 * Lighthouse's own CLI, in a process of its own (it evaluates functions in the page, which tsx's
 * transform would break), fetched by npx at this version the first time: its 166 packages are
 * for this one figure, so `npm install` does not bring them.
 */
const LIGHTHOUSE = ['--yes', 'lighthouse@12.8.2'];

/**
 * Lighthouse's simulated phone is noisy on a shared machine: each page is scored this many times
 * and the median run kept. Four pages in three locales in two schemes are 24 turns: 3 runs each
 * keep the figure near half an hour.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Each page under its locale's prefix: an unprefixed path only redirects (307) to one of them. */
const PAGES = LOCALES.flatMap((locale) =>
  ['', '/projects/tidal-synth', '/quiz', '/leaderboard'].map((page) => `/${locale}${page}`),
);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;
/** Where the whole report of any run under TARGET is kept, to be read (under test-results/, which git ignores). */
const KEPT_REPORTS = path.resolve('test-results/lighthouse');

/** The parts of Lighthouse's result (its `lhr`) read here. */
type LighthouseResult = {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null } | undefined>;
};

/** A run's scores; `shortfall`, for a run under TARGET: its failed audits and where its report is kept. */
type Scores = Record<(typeof CATEGORIES)[number], number> & { tbt: number; lcp: number; shortfall?: string };

/** The site follows the phone's colour scheme: each page is scored in both. Chromium's --force-dark-mode makes `prefers-color-scheme: dark` match. */
const SCHEMES = { light: '', dark: ' --force-dark-mode' } as const;
type Scheme = keyof typeof SCHEMES;
const flags = (scheme: Scheme) => [
  '--output=json',
  '--quiet',
  `--only-categories=${CATEGORIES.join(',')}`,
  `--chrome-flags=--headless=new --no-sandbox --disable-gpu${SCHEMES[scheme]}`,
];

/**
 * The report Lighthouse wrote, also when it exits non-zero (a runtime error is in the report). A
 * file, not stdout: the CLI exits before a large report has drained through a pipe.
 */
async function report(url: string, scheme: Scheme): Promise<{ lhr: LighthouseResult; text: string }> {
  const env = { ...process.env, CHROME_PATH: chromiumPath() };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crowdpulse-lighthouse-'));
  const file = path.join(dir, 'report.json');
  try {
    await promisify(execFile)('npx', [...LIGHTHOUSE, url, ...flags(scheme), `--output-path=${file}`], {
      env,
      cwd: os.tmpdir(),
    }).catch(() => undefined);
    const text = await readFile(file, 'utf8').catch(() => '{"runtimeError":{"message":"Lighthouse wrote no report"}}');
    return { lhr: JSON.parse(text) as LighthouseResult, text };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One Lighthouse run in a fresh Chromium with its default settings (a mid-range phone, simulated 4G and a 4× slower CPU). */
async function score(url: string, scheme: Scheme): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    const { lhr, text } = await report(url, scheme);
    // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: run it again.
    if (!lhr.runtimeError) {
      const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const scores = {
        performance: category('performance'),
        accessibility: category('accessibility'),
        'best-practices': category('best-practices'),
        seo: category('seo'),
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      };
      if (CATEGORIES.every((id) => scores[id] >= TARGET)) return scores;
      return { ...scores, shortfall: `${failedAudits(lhr).join(', ')}; report ${await keep(url, scheme, text)}` };
    }
    if (attempt === 3) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  }
}

/** The audits that cost a run points: those with a weight in a category and a score under 1. */
function failedAudits(lhr: LighthouseResult): string[] {
  const weighed = CATEGORIES.flatMap((id) => lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const failed = weighed.filter(({ id }) => (lhr.audits[id]?.score ?? 1) < 1);
  return failed.map(({ id }) => `${id} ${Math.round((lhr.audits[id]?.score ?? 0) * 100)}`);
}

async function keep(url: string, scheme: Scheme, text: string): Promise<string> {
  await mkdir(KEPT_REPORTS, { recursive: true });
  const file = path.join(
    KEPT_REPORTS,
    `${new URL(url).pathname.slice(1).replaceAll('/', '_')}-${scheme}-${Date.now()}.json`,
  );
  await writeFile(file, text);
  return path.relative(process.cwd(), file);
}

/**
 * A first load JIT-compiles the server's path for a page and fills its page cache; a launch is
 * served by a warm instance, so each page, its scripts and its styles are fetched once unscored
 * (a fetch, not a Lighthouse run: 24 of those would take ten minutes).
 */
async function warm(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/_next\/[^"]+)"/g)].map((match) => match[1]!));
  for (const asset of assets) await (await fetch(new URL(asset.replaceAll('&amp;', '&'), url))).arrayBuffer();
}

/**
 * Lighthouse on a phone for the four pages the launch-day issue names, in each locale, light and
 * dark: each page scored RUNS times in each scheme, the run of median performance reported with
 * its other three categories, one row a page with both schemes. Accessibility,
 * best practices and SEO do not move between runs; performance does, by ±10 on a shared 2-core
 * machine, so the pages take turns: a busy minute lowers one run of each page, not a whole page.
 */
export async function measureLighthouse(app: App): Promise<FigureResult> {
  const turns = PAGES.flatMap((page) => (Object.keys(SCHEMES) as Scheme[]).map((scheme) => ({ scheme, page })));
  const runs = new Map<(typeof turns)[number], Scores[]>(turns.map((turn) => [turn, []]));
  progress('lighthouse: warming up');
  for (const page of PAGES) await warm(`${app.url}${page}`);
  for (let round = 1; round <= RUNS; round++) {
    progress(`lighthouse: round ${round} of ${RUNS} (${turns.length} pages)`);
    for (const turn of turns) runs.get(turn)!.push(await score(`${app.url}${turn.page}`, turn.scheme));
  }
  const rows: Row[] = [];
  const details: string[] = [];
  for (const page of PAGES) {
    const shown = page.replace(/\/projects\/.+/, '/projects/<slug>');
    const medians = turns
      .filter((turn) => turn.page === page)
      .map((turn) => {
        const scored = runs.get(turn)!.toSorted((a, b) => a.performance - b.performance);
        const median = scored[Math.floor(scored.length / 2)]!;
        details.push(
          `${shown}, ${turn.scheme}: performance ${scored.map((run) => run.performance).join(', ')}; median run: total blocking time ${Math.round(median.tbt)} ms, largest contentful paint ${Math.round(median.lcp)} ms`,
        );
        for (const run of scored)
          if (run.shortfall) details.push(`${shown}, ${turn.scheme}, a run under ${TARGET}: ${run.shortfall}`);
        return { scheme: turn.scheme, median, scored };
      });
    const performances = medians.flatMap(({ scored }) => scored.map((run) => run.performance));
    rows.push({
      figure: `Lighthouse, phone, ${shown}`,
      measured: `${medians.map(({ scheme, median }) => `${scheme} ${CATEGORIES.map((id) => median[id]).join('/')}`).join(' · ')} (performance ${Math.min(...performances)}–${Math.max(...performances)})`,
      baseline: '—',
      ratio: '—',
      target: `≥ ${TARGET} each`,
      met: medians.every(({ median }) => CATEGORIES.every((id) => median[id] >= TARGET)),
    });
  }
  rows.push(await measureIntlFirstUse());
  return { rows, details };
}
