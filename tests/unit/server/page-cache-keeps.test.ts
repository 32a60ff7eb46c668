import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PageTopics } from '../../../lib/realtime/page-topics';
import { createPageCache } from '../../../lib/server/page-cache';
import { NOT_FOUND_MARK } from '../../../lib/server/page-marks';
import type { SharedPage } from '../../../lib/server/shared-pages';

/** A topic that is always live and never changes: whether a page is kept is decided by its render alone. */
const quietTopics: PageTopics = {
  watch: () => ({ ready: Promise.resolve(), live: () => true, release: () => undefined }),
  onRedisUp: () => undefined,
};
const page: SharedPage = { path: '/projects/kept', topic: { kind: 'project', slug: 'kept' } };

async function viewTwice(html: string, viewed = page, status = 200) {
  const cache = createPageCache(quietTopics, async () => ({
    status,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from(html),
  }));
  const answers: { status: number; headers: Record<string, string> }[] = [];
  const waited: boolean[] = [];
  for (let view = 0; view < 2; view++) {
    const response = {
      hasHeader: () => false,
      writeHead(status: number, headers: Record<string, string>) {
        answers.push({ status, headers });
        return this;
      },
      end: () => undefined,
    };
    const answering = cache.serve(
      { headers: {}, method: 'GET' } as IncomingMessage,
      response as unknown as ServerResponse,
      viewed,
    );
    waited.push(answering !== undefined);
    await answering;
  }
  cache.close();
  return {
    renders: cache.renders(),
    statuses: answers.map((answer) => answer.status),
    cacheControl: answers.map((answer) => answer.headers['cache-control']),
    waited,
  };
}

describe('the page cache keeps a render only when it is whole', () => {
  it('keeps a page that rendered on the server: one render for two views, the second answered at once', async () => {
    const { renders, waited } = await viewTwice('<main>all here</main>');
    expect({ renders, waited }).toEqual({ renders: 1, waited: [true, false] });
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

describe('a 404', () => {
  const panel = `<section ${NOT_FOUND_MARK}><h1>There is no page here</h1></section>`;

  it('of a shell (any unknown path) is kept: no change can make a page of it', async () => {
    const { renders, statuses } = await viewTwice(panel, { path: '/en/not-found', topic: { kind: 'shell' } });
    expect({ renders, statuses }).toEqual({ renders: 1, statuses: [404, 404] });
  });

  it('of a project is rendered again, privately: the project may be created', async () => {
    const { renders, statuses, cacheControl } = await viewTwice(panel);
    expect({ renders, statuses }).toEqual({ renders: 2, statuses: [404, 404] });
    expect(cacheControl).toEqual(['private, no-store', 'private, no-store']);
  });
});

it('a page without a topic is rendered for every view: nothing would tell it is stale', async () => {
  expect((await viewTwice('<main>a creator</main>', { path: '/en/creators/acct-7' })).renders).toBe(2);
});
