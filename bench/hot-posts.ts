import { randomBytes } from 'node:crypto';
import { sleep } from './support';

/** One POST: when it was sent and answered (epoch ms, comparable across processes), and its status (or why it got none). */
export type Posted = { id: string; sentAt: number; answeredAt: number; status: number | string };
export type Contributions = { total: number; created: number; seconds: number; answers: string };

/** POSTs `perSecond` contributions to `slug` for `seconds`, paced every 20 ms; answers when the last is answered. */
export async function postContributions(
  url: string,
  slug: string,
  perSecond: number,
  seconds: number,
  posted: (post: Posted) => void = () => undefined,
): Promise<Contributions> {
  const tag = randomBytes(3).toString('hex');
  const total = perSecond * seconds;
  const started = performance.now();
  const statuses: Promise<number | string>[] = [];
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
    for (; sent < due; sent++) {
      const id = `hot-${tag}-${sent}`;
      const sentAt = Date.now();
      const body = JSON.stringify({ id, name: 'Hot', amount: 3 });
      const status = fetch(`${url}/api/projects/${slug}/contributions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then(
          async (response) => (await response.arrayBuffer(), response.status),
          (error: Error) => `no answer (${(error.cause as { code?: string } | undefined)?.code ?? error.message})`,
        )
        .then((answer) => (posted({ id, sentAt, answeredAt: Date.now(), status: answer }), answer));
      statuses.push(status);
    }
    await sleep(20);
  }
  const answered = await Promise.all(statuses);
  const tally = new Map<string, number>();
  for (const status of answered) tally.set(String(status), (tally.get(String(status)) ?? 0) + 1);
  const answers = [...tally].map(([status, count]) => `${status} × ${count}`).join(', ');
  return {
    total,
    created: answered.filter((status) => status === 201).length,
    seconds: (performance.now() - started) / 1000,
    answers,
  };
}
