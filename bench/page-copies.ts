import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from './app';
import { progress } from './support';

/** The baselines live in the build's static folder, which the server lists when it starts. */
const FOLDER = 'crowdpulse-bench';
const COPIES = 8;
const fileName = (index: number) => `${FOLDER}/page-${index}.txt`;
const onDisk = (name: string) => path.join(process.cwd(), '.next', 'static', name);

/**
 * Reserves the copies' names before the app starts (bench/run.ts): the server lists its static
 * files once at start and reads each on its first request (lib/http/memory-files.ts), so a page's
 * bytes can be written into its copy once the page is known. Returns their removal.
 */
export async function reservePageCopies(): Promise<() => Promise<void>> {
  await mkdir(onDisk(FOLDER), { recursive: true });
  for (let index = 0; index < COPIES; index++) await writeFile(onDisk(fileName(index)), '');
  return () => rm(onDisk(FOLDER), { recursive: true, force: true });
}

/**
 * Each page's baseline: a static file holding the page's own bytes, so the two differ only in
 * what the server does per request. A build's chunks made a poor one: without compression a
 * response's bytes set its rate, and the chunks' sizes change from build to build (35 KB to 234 KB).
 * Returns page path → the copy's URL.
 */
export async function pageCopies(
  app: App,
  pages: readonly string[],
  headers: Record<string, string>,
): Promise<Map<string, string>> {
  if (pages.length > COPIES) throw new Error(`at most ${COPIES} page copies are reserved`);
  const copies = new Map<string, string>();
  for (const [index, page] of pages.entries()) {
    const html = Buffer.from(await (await fetch(`${app.url}${page}`, { headers })).arrayBuffer());
    await writeFile(onDisk(fileName(index)), html);
    const url = `/_next/static/${fileName(index)}`;
    const served = await fetch(`${app.url}${url}`);
    const size = (await served.arrayBuffer()).byteLength;
    if (!served.ok || size !== html.length)
      throw new Error(
        `${page}'s copy answered ${served.status} with ${size} B, not ${html.length} B: reserved before the app started?`,
      );
    progress(`pages: ${page} (${html.length} B) beside its copy ${url}`);
    copies.set(page, url);
  }
  return copies;
}

/**
 * The pages whose size moved more than 1 % from their copy's (a write changed them meanwhile; "3
 * minutes ago" becoming "4 minutes ago" is a byte or two), each as "page: now B, its copy B".
 */
export async function outgrownCopies(
  app: App,
  copies: ReadonlyMap<string, string>,
  headers: Record<string, string>,
): Promise<string[]> {
  const sizeOf = async (url: string, sent?: Record<string, string>) =>
    (await (await fetch(`${app.url}${url}`, { headers: sent })).arrayBuffer()).byteLength;
  const outgrown: string[] = [];
  for (const [page, copy] of copies) {
    const [now, copied] = [await sizeOf(page, headers), await sizeOf(copy)];
    if (Math.abs(now - copied) > copied / 100) outgrown.push(`${page}: ${now} B, its copy ${copied} B`);
  }
  return outgrown;
}
