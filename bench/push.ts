import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { LiveChange } from '../lib/live-events/types';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/realtime/events';
import type { App } from './app';
import type { FigureResult } from './report';
import { fmt, percentile, progress, sleep } from './support';

const VIEWERS = 1_000;
const CONNECT_BATCH = 50;
const EVENTS = 50;
const WARMUP_EVENTS = 2; // the first pushes after the viewers connect run cold code; not counted
const DELIVERY_TIMEOUT_MS = 3_000;
const SLUG = 'tidal-synth';

type Viewer = Socket<ServerToClientEvents, ClientToServerEvents>;
/** Per contribution id in flight: when its POST was sent, and when each viewer got it. */
type Pending = { sentAt: number; arrivals: number[] };

/** Opens a viewer (kept in `viewers` at once, so it is closed whatever happens) and watches. */
async function addViewer(url: string, viewers: Viewer[], onChange: (change: LiveChange) => void) {
  const socket: Viewer = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 10_000 });
  viewers.push(socket);
  socket.on('live:change', onChange);
  // Changes that arrive together (a viewer count beside a contribution) come as one frame.
  socket.on('live:changes', (batch) => batch.changes.forEach(onChange));
  const reply = await socket.timeout(15_000).emitWithAck('project:watch', { slug: SLUG });
  if (!reply.ok) throw new Error(`project:watch answered ${reply.error}`);
}

/**
 * Live push: 1,000 websocket viewers watch one project; each contribution's latency is measured
 * from the moment its POST is sent to the moment each viewer's `live:change` arrives, on the
 * bench process's clock. Contributions are sent one at a time, each after the previous one has
 * reached every viewer (or timed out).
 */
export async function measurePush(app: App): Promise<FigureResult> {
  const pending = new Map<string, Pending>();
  let otherChanges = 0; // e.g. "visitors-changed", pushed to every viewer each time someone joins
  const onChange = (change: LiveChange) => {
    if (change.type === 'contribution-recorded') pending.get(change.contribution.id)?.arrivals.push(performance.now());
    else otherChanges++;
  };
  const viewers: Viewer[] = [];
  const tag = randomBytes(3).toString('hex');
  try {
    const connectStarted = performance.now();
    for (let first = 0; first < VIEWERS; first += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, VIEWERS - first);
      await Promise.all(Array.from({ length: batch }, () => addViewer(app.url, viewers, onChange)));
      if (viewers.length % 250 === 0) progress(`push: ${viewers.length}/${VIEWERS} viewers watching ${SLUG}`);
    }
    const connectMs = performance.now() - connectStarted;
    await sleep(1_000); // let the "N people viewing" fan-out of the last joins settle
    const connectFrames = otherChanges;

    const latencies: number[] = [];
    const postTimes: number[] = [];
    const firsts: number[] = [];
    const lasts: number[] = [];
    let delivered = 0;
    for (let i = -WARMUP_EVENTS; i < EVENTS; i++) {
      const id = `push-${tag}-${i + WARMUP_EVENTS}`;
      const entry: Pending = { sentAt: performance.now(), arrivals: [] };
      pending.set(id, entry);
      const response = await fetch(`${app.url}/api/projects/${SLUG}/contributions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: 'Pusher', amount: 7 }),
      });
      const postMs = performance.now() - entry.sentAt;
      if (response.status !== 201) throw new Error(`POST contribution answered ${response.status}`);
      const deadline = entry.sentAt + DELIVERY_TIMEOUT_MS;
      while (entry.arrivals.length < VIEWERS && performance.now() < deadline) await sleep(5);
      pending.delete(id);
      await sleep(100);
      if (i < 0) continue;
      postTimes.push(postMs);
      delivered += entry.arrivals.length;
      latencies.push(...entry.arrivals.map((at) => at - entry.sentAt));
      firsts.push((entry.arrivals[0] ?? Number.NaN) - entry.sentAt);
      lasts.push((entry.arrivals.at(-1) ?? Number.NaN) - entry.sentAt);
    }

    latencies.sort((a, b) => a - b);
    for (const list of [postTimes, firsts, lasts]) list.sort((a, b) => a - b);
    const expected = EVENTS * VIEWERS;
    const p99 = percentile(latencies, 99);
    return {
      details: [
        `${VIEWERS} socket.io websocket viewers of ${SLUG} connected and watching in ${fmt.ms(connectMs)} ` +
          `(batches of ${CONNECT_BATCH}, each awaiting its project:watch ack); meanwhile the viewers received ` +
          `${fmt.int(connectFrames)} other live:change frames (each join pushes the viewer count to every viewer)`,
        `${EVENTS} contributions (after ${WARMUP_EVENTS} not counted), one at a time, 100 ms apart; ` +
          'latency = POST sent → live:change received by a viewer',
        `deliveries: ${fmt.int(delivered)} of ${fmt.int(expected)}; p50 ${fmt.ms(percentile(latencies, 50))}, ` +
          `p90 ${fmt.ms(percentile(latencies, 90))}, p99 ${fmt.ms(p99)}, max ${fmt.ms(latencies.at(-1) ?? Number.NaN)}`,
        `per contribution (median of ${EVENTS}): first viewer ${fmt.ms(percentile(firsts, 50))}, ` +
          `last viewer ${fmt.ms(percentile(lasts, 50))}, POST sent → 201 read ${fmt.ms(percentile(postTimes, 50))}`,
        'the viewers run in the bench process: its event loop decoding 1,000 frames is part of the latency',
      ],
      rows: [
        {
          figure: `live push to ${fmt.int(VIEWERS)} viewers`,
          measured: `p50 ${fmt.ms(percentile(latencies, 50))} / p99 ${fmt.ms(p99)}`,
          baseline: '—',
          ratio: '—',
          target: 'p99 < 100 ms',
          met: p99 < 100 && delivered === expected,
        },
        {
          figure: `live push: ${fmt.int(VIEWERS)} viewers connect + watch`,
          measured: `${(connectMs / 1000).toFixed(1)} s`,
          baseline: '—',
          ratio: '—',
          target: '—',
          met: null,
        },
        {
          figure: 'live push deliveries',
          measured: `${fmt.int(delivered)} / ${fmt.int(expected)}`,
          baseline: '—',
          ratio: '—',
          target: 'all',
          met: delivered === expected,
        },
      ],
    };
  } finally {
    for (const viewer of viewers) viewer.removeAllListeners().disconnect();
    await sleep(500);
  }
}
