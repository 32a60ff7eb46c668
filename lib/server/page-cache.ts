import type { IncomingMessage, ServerResponse } from 'node:http';
import { setBounded } from '../bounded';
import { appMetrics } from '../metrics/app-metrics';
import type { PageTopic, PageTopics } from '../realtime/page-topics';
import { prepare, send, type Prepared, type RenderedPage } from './prepared-page';
import { topicName, type SharedPage } from './shared-pages';

type TopicWatch = ReturnType<PageTopics['watch']>;

/** What ages with time alone (a contribution leaving the 24-hour count, "3 minutes ago") is at most this old in the HTML; the page corrects it once its socket answers. */
export const PAGE_MAX_AGE_MS = 10_000;
/** A topic nobody viewed for this long is unsubscribed, and its pages forgotten. */
const TOPIC_IDLE_MS = 60_000;
const MAX_PAGES = 200;

type Topic = { generation: number; watch: TopicWatch; lastViewed: number; paths: Set<string> };
type Flight = { generation: number; page: Promise<Prepared> };
type Kept = { page: Prepared; generation: number; expiresAt: number };
type TopicPage = SharedPage & { topic: PageTopic };
const hasTopic = (page: SharedPage): page is TopicPage => page.topic !== undefined;

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The HTML of the shared pages, rendered by Next at most once per version of what they show on
 * this instance and served to every view until the next change. A page's topic (its project, the
 * catalogue, the boards) is subscribed while the page is viewed: every change heard there bumps
 * the topic's generation, and the next view renders again; concurrent views of a stale page
 * share one render (single-flight). Nothing is kept while a subscription is not live (it could
 * miss a change), nor a render views may not share (prepared-page.ts), nor a page without a topic.
 */
export function createPageCache(
  topics: PageTopics,
  render: (path: string, requestId?: string) => Promise<RenderedPage>,
  now = Date.now,
) {
  const byName = new Map<string, Topic>();
  const kept = new Map<string, Kept>();
  const flights = new Map<string, Flight>();
  let renders = 0;

  topics.onRedisUp(() => byName.forEach((topic) => topic.generation++));
  const sweep = setInterval(() => {
    for (const [name, topic] of byName) {
      if (now() - topic.lastViewed < TOPIC_IDLE_MS) continue;
      byName.delete(name);
      topic.paths.forEach((path) => kept.delete(path));
      topic.watch.release();
    }
  }, TOPIC_IDLE_MS / 4).unref();

  function topicOf(page: TopicPage, viewedAt: number): Topic {
    const name = topicName(page.topic);
    let topic = byName.get(name);
    if (!topic) {
      const created: Topic = {
        generation: 0,
        lastViewed: now(),
        paths: new Set(),
        watch: undefined as unknown as TopicWatch,
      };
      created.watch = topics.watch(page.topic, () => void created.generation++);
      byName.set(name, (topic = created));
    }
    topic.lastViewed = viewedAt;
    // The paths a topic remembers, most recently viewed last, are bounded like the pages kept: anyone can ask for a new one.
    topic.paths.delete(page.path);
    topic.paths.add(page.path);
    if (topic.paths.size > MAX_PAGES) topic.paths.delete(topic.paths.values().next().value!);
    return topic;
  }

  function forgetIfUnused(name: string, topic: Topic): void {
    if (byName.get(name) !== topic || [...topic.paths].some((path) => kept.has(path) || flights.has(path))) return;
    byName.delete(name);
    topic.watch.release();
  }

  async function renderPrepared(page: SharedPage, requestId?: string): Promise<Prepared> {
    renders++;
    appMetrics().pageRendered(page.topic?.kind ?? 'uncached');
    return prepare(await render(page.path, requestId), page.topic);
  }

  async function renderFresh(page: TopicPage, topic: Topic, generation: number, requestId?: string): Promise<Prepared> {
    await topic.watch.ready;
    // Subscribed before rendering, so a change cannot fall between what the render read and the stream.
    const live = topic.watch.live() && generation === topic.generation;
    const prepared = await renderPrepared(page, requestId);
    if (prepared.shared && live && generation === topic.generation && topic.watch.live()) {
      kept.delete(page.path);
      setBounded(kept, page.path, { page: prepared, generation, expiresAt: now() + PAGE_MAX_AGE_MS }, MAX_PAGES);
    }
    return prepared;
  }

  /** The page's HTML as of now: kept (at once, nothing to wait for), or rendered once for every view asking meanwhile. */
  function current(page: SharedPage, requestId?: string): Prepared | Promise<Prepared> {
    if (!hasTopic(page)) return renderPrepared(page, requestId);
    // One clock read a view: Next's patched Date.now costs a cached view more than its lookups.
    const at = now();
    const topic = topicOf(page, at);
    const found = kept.get(page.path);
    if (found && found.generation === topic.generation && found.expiresAt > at && topic.watch.live()) return found.page;
    const flight = flights.get(page.path);
    if (flight && flight.generation === topic.generation) return flight.page;
    const generation = topic.generation;
    const started: Flight = { generation, page: renderFresh(page, topic, generation, requestId) };
    flights.set(page.path, started);
    const land = () => flights.get(page.path) === started && flights.delete(page.path);
    started.page.then((prepared) => {
      land();
      // No such project: hold no subscription for it (anyone can ask for any slug).
      if (prepared.status === 404 && !prepared.shared) forgetIfUnused(topicName(page.topic), topic);
    }, land);
    return started.page;
  }

  return {
    /** Answers the view; a kept page synchronously (returns nothing), else once its render lands. */
    serve(request: IncomingMessage, response: ServerResponse, page: SharedPage): Promise<void> | undefined {
      const answer = current(page, request.headers['x-request-id'] as string | undefined);
      if (!(answer instanceof Promise)) return void send(request, response, answer);
      return answer.then((prepared) => send(request, response, prepared));
    },
    /** Renders so far (for tests and the bench): at most one per version of a page's topic. */
    renders: () => renders,
    close() {
      clearInterval(sweep);
      byName.forEach((topic) => topic.watch.release());
      byName.clear();
      kept.clear();
    },
  };
}
