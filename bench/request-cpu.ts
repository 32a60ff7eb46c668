import { readdirSync, readFileSync } from 'node:fs';
import type { App } from './app';
import type { Row } from './report';
import { fmt } from './support';

const REQUESTS = 200;

/** CPU seconds (user + system) of every process in the app's process group (tsx and its node child), from /proc. */
export function groupCpuSeconds(group: number): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group) total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // a process gone meanwhile
    }
  }
  return total;
}

/** The app's CPU milliseconds per request for `paths`, asked one after another (as a browser with gzip and br would). */
async function cpuPerRequest(app: App, paths: string[], headers: Record<string, string>): Promise<number> {
  if (!app.pid) throw new Error("the app process is not this bench's: its CPU cannot be read");
  const before = groupCpuSeconds(app.pid);
  for (const path of paths) {
    const response = await fetch(app.url + path, { headers: { 'accept-encoding': 'gzip, br', ...headers } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  return ((groupCpuSeconds(app.pid) - before) * 1000) / paths.length;
}

/**
 * What one request costs the server in CPU (round five of the hostile-client review), beside a
 * cached page view: the API reference's bundle, a preview (kept, and the first drawing of each
 * seeded project's), all in the same run, compressed as a browser takes them. /proc's clock ticks
 * are 10 ms: over REQUESTS requests a figure is good to about 0.05 ms (a view beside its static
 * copy, a few µs apart, is measured over whole runs: bench/pages.ts).
 */
export async function measureRequestCpu(
  app: App,
  slug: string,
  cookie: string,
): Promise<{ rows: Row[]; details: string[] }> {
  const repeat = (path: string) => Array.from({ length: REQUESTS }, () => path);
  const slugs = ((await (await fetch(`${app.url}/api/projects?limit=50`)).json()) as { slug: string }[]).map(
    (project) => project.slug,
  );
  const page = await cpuPerRequest(app, repeat(`/en/projects/${slug}`), { accept: 'text/html', cookie });
  const measured: [string, number][] = [
    ['/api/docs/swagger-ui-bundle.js', await cpuPerRequest(app, repeat('/api/docs/swagger-ui-bundle.js'), {})],
    ['a preview, kept', await cpuPerRequest(app, repeat(`/en/projects/${slug}/opengraph-image`), {})],
    [
      `a preview, drawn (${slugs.length} projects' first)`,
      await cpuPerRequest(
        app,
        slugs.filter((each) => each !== slug).map((each) => `/en/projects/${each}/opengraph-image`),
        {},
      ),
    ],
  ];
  const row = ([name, ms]: [string, number]): Row => ({
    figure: `CPU per lone request: ${name}`,
    measured: `${ms.toFixed(2)} ms`,
    baseline: `${page.toFixed(2)} ms (page view)`,
    ratio: fmt.pct(ms / page),
    target: '—',
    met: null,
  });
  return {
    rows: [
      {
        figure: 'CPU per lone request: a cached page view',
        measured: `${page.toFixed(2)} ms`,
        baseline: '—',
        ratio: '—',
        target: '—',
        met: null,
      },
      ...measured.map(row),
    ],
    details: [
      `CPU per lone request: the app's process group in /proc (user + system), ${REQUESTS} requests one after another a target, with Accept-Encoding: gzip, br`,
    ],
  };
}
