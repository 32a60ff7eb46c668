import { NotFoundError } from '../errors';
import { afterFeedHook, feedHook } from '../feed/hook';
import { newId } from '../ids';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { activityLimitFields } from './activity';
import { liveEventKeys } from './keys';
import type { NewsInput } from './schemas';
import { publishNews as publishScript, unpublishNews as unpublishScript } from './scripts';

/** The keys publish-news.lua and unpublish-news.lua share. */
const newsKeys = (slug: string, feedKeys: readonly string[]) => {
  const keys = liveEventKeys(slug);
  return { ...keys, details: keys.newsDetails, feed: feedKeys };
};

export async function publishNews(
  slug: string,
  input: NewsInput,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ id: string; at: number; created: boolean }> {
  const id = input.id ?? newId();
  const feed = feedHook(slug, ctx);
  const { status, at, feedWork } = await publishScript.run(ctx.redis, newsKeys(slug, feed.keys), {
    now: ctx.now(),
    id,
    title: input.title,
    url: input.url,
    newsWindow: ctx.windows.news,
    slug,
    timeline: activityLimitFields(),
    feedSettings: feed.arg,
  });
  if (status === 'no_project') throw new NotFoundError('project');
  await afterFeedHook(slug, ctx, feedWork);
  return { id, at, created: status === 'done' };
}

export async function unpublishNews(
  slug: string,
  id: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<void> {
  const feed = feedHook(slug, ctx);
  const status = await unpublishScript.run(ctx.redis, newsKeys(slug, feed.keys), {
    now: ctx.now(),
    id,
    newsWindow: ctx.windows.news,
    slug,
    feedSettings: feed.arg,
  });
  if (status === 'no_project') throw new NotFoundError('project');
  if (status === 'no_news') throw new NotFoundError('news item');
}
