import { createInterface } from 'node:readline';
import { SimulatedPage } from '../chaos/page';
import { viewAt } from '../lib/live-events/client-state';
import { postContributions, type Contributions } from './hot-posts';
import { percentile, sleep } from './support';

/**
 * `tsx bench/hot-room-probe.ts <url> <slug> <pages> <perSecond> <seconds>`: the hot room's sender
 * and the pages it times, in a process of their own (bench/hot.ts runs the room's other sockets):
 * beside thousands of pages decoding every frame, a sender falls behind its pace and a timed page
 * measures that process's backlog, not the app. Prints `{posted}` once the POSTs are answered,
 * then reads `{version, raised, count, now}` (Redis' state) and prints `{probe}`.
 */
export type ProbeResult = {
  afterAnswer: { p50: number; p99: number };
  afterSend: { p50: number; p99: number };
  /** Pages on Redis' version and total, and of those on its count at `now`. */
  ended: number;
  counted: number;
};
export type RedisEnd = { version: number; raised: number; count: number; now: number };

const line = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main([url, slug, pageCount, perSecond, seconds]: string[]) {
  const shownAt = new Map<string, number[]>();
  const pages = Array.from(
    { length: Number(pageCount) },
    () =>
      new SimulatedPage(url!, slug!, (change) => {
        if (change.type !== 'contribution-recorded') return;
        const times = shownAt.get(change.contribution.id) ?? [];
        times.push(Date.now());
        shownAt.set(change.contribution.id, times);
      }),
  );
  while (pages.some((page) => page.state === null)) await sleep(20);
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const posted: Contributions = await postContributions(url!, slug!, Number(perSecond), Number(seconds), (post) => {
    sentAt.set(post.id, post.sentAt);
    if (post.status === 201) answeredAt.set(post.id, post.answeredAt);
  });
  line({ posted });
  const end = await new Promise<RedisEnd>((resolve) =>
    createInterface({ input: process.stdin }).once('line', (text) => resolve(JSON.parse(text) as RedisEnd)),
  );
  const onEnd = () => pages.filter((page) => page.state?.version === end.version && page.state.raised === end.raised);
  for (let waited = 0; waited < 10_000 && onEnd().length < pages.length; waited += 100) await sleep(100);
  // A page that showed a contribution before its POST was answered waited 0 after the answer.
  const after = (from: Map<string, number>, floor: number) =>
    [...from]
      .flatMap(([id, at]) => (shownAt.get(id) ?? []).map((shown) => Math.max(floor, shown - at)))
      .sort((a, b) => a - b);
  const summary = (sorted: number[]) => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
  const ended = onEnd();
  const probe: ProbeResult = {
    afterAnswer: summary(after(answeredAt, 0)),
    afterSend: summary(after(sentAt, -Infinity)),
    ended: ended.length,
    counted: ended.filter((page) => viewAt(page.state!, end.now).contributionCount === end.count).length,
  };
  line({ probe });
  pages.forEach((page) => page.close());
  process.exit(0);
}

void main(process.argv.slice(2));
