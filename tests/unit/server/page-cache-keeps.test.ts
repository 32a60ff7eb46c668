import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PageTopics } from '../../../lib/realtime/page-topics';
import { createPageCache } from '../../../lib/server/page-cache';
import type { SharedPage } from '../../../lib/server/shared-pages';

/** A topic that is always live and never changes: whether a page is kept is decided by its render alone. */
const quietTopics: PageTopics = {
  watch: () => ({ ready: Promise.resolve(), live: () => true, release: () => undefined }),
  onRedisUp: () => undefined,
};
const page: SharedPage = { path: '/projects/kept', topic: { kind: 'project', slug: 'kept' } };

async function viewTwice(html: string) {
  const cache = createPageCache(quietTopics, async () => ({
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from(html),
  }));
  const answers: Record<string, string>[] = [];
  for (let view = 0; view < 2; view++) {
    let headers: Record<string, string> = {};
    const response = {
      hasHeader: () => false,
      writeHead(_status: number, sent: Record<string, string>) {
        headers = sent;
        return this;
      },
      end: () => undefined,
    };
    await cache.serve({ headers: {}, method: 'GET' } as IncomingMessage, response as unknown as ServerResponse, page);
    answers.push(headers);
  }
  cache.close();
  return { renders: cache.renders(), cacheControl: answers.map((headers) => headers['cache-control']) };
}

describe('the page cache keeps a render only when it is whole', () => {
  it('keeps a page that rendered on the server: one render for two views', async () => {
    expect((await viewTwice('<main>all here</main>')).renders).toBe(1);
  });

  it.each([
    ['a boundary that failed in the shell', '<main><!--$!--><template data-dgst="1"></template>…<!--/$--></main>'],
    [
      'a streamed boundary that failed later',
      '<main><!--$?--><template id="B:0"></template><!--/$--></main><script>$RX("B:0","1")</script>',
    ],
  ])('renders again, privately, after %s fell back to the browser', async (_, html) => {
    const { renders, cacheControl } = await viewTwice(html);
    expect(renders).toBe(2);
    expect(cacheControl).toEqual(['private, no-store', 'private, no-store']);
  });
});
