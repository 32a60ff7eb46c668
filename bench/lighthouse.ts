import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { App } from './app';
import type { FigureResult, Row } from './report';
import { chromiumPath } from '../scripts/chromium';
import { progress } from './support';

/**
 * Lighthouse's own CLI, in a process of its own (it evaluates functions in the page, which tsx's
 * transform would break), fetched by npx at this version the first time: its 166 packages are
 * for this one figure, so `npm install` does not bring them.
 */
const LIGHTHOUSE = ['--yes', 'lighthouse@12.8.2'];

/** Lighthouse's simulated phone is noisy on a shared machine: each page is scored this many times and the median run kept. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 9);
const PAGES = ['/en', '/en/projects/tidal-synth', '/en/quiz', '/en/leaderboard'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;

/** The parts of Lighthouse's result (its `lhr`) read here. */
type LighthouseResult = {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
};

type Scores = Record<(typeof CATEGORIES)[number], number> & { tbt: number; lcp: number };

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
async function report(url: string, scheme: Scheme): Promise<LighthouseResult> {
  const env = { ...process.env, CHROME_PATH: chromiumPath() };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crowdpulse-lighthouse-'));
  const file = path.join(dir, 'report.json');
  try {
    await promisify(execFile)('npx', [...LIGHTHOUSE, url, ...flags(scheme), `--output-path=${file}`], {
      env,
      cwd: os.tmpdir(),
    }).catch(() => undefined);
    const text = await readFile(file, 'utf8').catch(() => '{"runtimeError":{"message":"Lighthouse wrote no report"}}');
    return JSON.parse(text) as LighthouseResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One Lighthouse run in a fresh Chromium with its default settings (a mid-range phone, simulated 4G and a 4× slower CPU). */
async function score(url: string, scheme: Scheme): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await report(url, scheme);
    // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: run it again.
    if (!lhr.runtimeError) {
      const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      return {
        performance: category('performance'),
        accessibility: category('accessibility'),
        'best-practices': category('best-practices'),
        seo: category('seo'),
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      };
    }
    if (attempt === 3) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  }
}

/**
 * Lighthouse on a phone for the four pages the launch-day issue names, light and dark: each page
 * scored RUNS times in each scheme, the run of median performance reported with its other three categories. Accessibility,
 * best practices and SEO do not move between runs; performance does, by ±10 on a shared 2-core
 * machine, so the pages take turns: a busy minute lowers one run of each page, not a whole page.
 */
export async function measureLighthouse(app: App): Promise<FigureResult> {
  const turns = (Object.keys(SCHEMES) as Scheme[]).flatMap((scheme) => PAGES.map((page) => ({ scheme, page })));
  const runs = new Map<(typeof turns)[number], Scores[]>(turns.map((turn) => [turn, []]));
  // A first load JIT-compiles the server's path for a page and fills its page cache; a launch is
  // served by a warm instance, so that round is not scored.
  for (let round = 0; round <= RUNS; round++) {
    progress(round === 0 ? 'lighthouse: a warm-up round' : `lighthouse: round ${round} of ${RUNS}`);
    for (const turn of turns) {
      const scores = await score(`${app.url}${turn.page}`, turn.scheme);
      if (round > 0) runs.get(turn)!.push(scores);
    }
  }
  const rows: Row[] = [];
  const details: string[] = [];
  for (const [{ scheme, page }, scored] of runs) {
    scored.sort((a, b) => a.performance - b.performance);
    const median = scored[Math.floor(scored.length / 2)]!;
    const shown = `${page.replace(/^\/en/, '').replace(/^\/projects\/.+/, '/projects/<slug>') || '/'}, ${scheme}`;
    rows.push({
      figure: `Lighthouse, phone, ${shown}`,
      measured: `${CATEGORIES.map((id) => median[id]).join(' / ')} (performance ${scored[0]!.performance}–${scored.at(-1)!.performance})`,
      baseline: '—',
      ratio: '—',
      target: `≥ ${TARGET} each`,
      met: CATEGORIES.every((id) => median[id] >= TARGET),
    });
    details.push(
      `${shown}: performance ${scored.map((run) => run.performance).join(', ')}; median run: total blocking time ${Math.round(median.tbt)} ms, largest contentful paint ${Math.round(median.lcp)} ms`,
    );
  }
  return { rows, details };
}
