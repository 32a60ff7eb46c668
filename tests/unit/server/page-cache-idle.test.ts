import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageTopics } from '../../../lib/realtime/page-topics';
import { createPageCache } from '../../../lib/server/page-cache';
import type { SharedPage } from '../../../lib/server/shared-pages';

const page: SharedPage = { path: '/en/projects/idle', topic: { kind: 'project', slug: 'idle' } };
const response = {
  hasHeader: () => false,
  writeHead() {
    return this;
  },
  end: () => undefined,
} as unknown as ServerResponse;

/** Topics that are always live, counting their subscriptions. */
function countedTopics() {
  const counts = { watched: 0, released: 0 };
  const topics: PageTopics = {
    watch: () => {
      counts.watched++;
      return { ready: Promise.resolve(), live: () => true, release: () => void counts.released++ };
    },
    onRedisUp: () => undefined,
  };
  return { topics, counts };
}

describe("the page cache holds a topic's subscription while its pages are viewed and 60 s after (docs/architecture.md)", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps it through views less than 60 s apart, lets it go 60 s after the last, and subscribes again on the next view', async () => {
    const { topics, counts } = countedTopics();
    const cache = createPageCache(topics, async () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<main>kept</main>'),
    }));
    const view = () => cache.serve({ headers: {}, method: 'GET' } as IncomingMessage, response, page);
    try {
      await view();
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(50_000);
        view();
      }
      expect(counts).toEqual({ watched: 1, released: 0 });

      // Its sweep runs every 15 s: gone within 60 to 75 s of the last view, not before.
      await vi.advanceTimersByTimeAsync(59_000);
      expect(counts.released).toBe(0);
      await vi.advanceTimersByTimeAsync(16_000);
      expect(counts).toEqual({ watched: 1, released: 1 });

      // The next view subscribes again before it renders.
      await view();
      expect(counts).toEqual({ watched: 2, released: 1 });
    } finally {
      cache.close();
    }
  });
});
