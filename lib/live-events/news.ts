import { NotFoundError } from '../errors';
import { afterFeedHook, feedHook } from '../feed/hook';
import { newId } from '../ids';
import { activityArgs } from './activity';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { liveEventKeys } from './keys';
import type { NewsInput } from './schemas';
import { withLiveEventScripts } from './commands';

export async function publishNews(
  slug: string,
  input: NewsInput,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ id: string; at: number; created: boolean }> {
  const keys = liveEventKeys(slug);
  const id = input.id ?? newId();
  const feed = feedHook(slug, ctx);
  const [status, at, feedWork] = await withLiveEventScripts(ctx.redis).publishNews(
    keys.info, keys.news, keys.newsDetails, keys.activity, keys.changes, ...feed.keys,
    ctx.now(), id, input.title, input.url, ctx.windows.news, slug, ...activityArgs(), feed.arg,
  );
  if (status === -1) throw new NotFoundError('project');
  await afterFeedHook(slug, ctx, feedWork);
  return { id, at, created: status === 1 };
}

export async function unpublishNews(
  slug: string,
  id: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<void> {
  const keys = liveEventKeys(slug);
  const feed = feedHook(slug, ctx);
  const status = await withLiveEventScripts(ctx.redis).unpublishNews(
    keys.info, keys.news, keys.newsDetails, keys.activity, keys.changes, ...feed.keys,
    ctx.now(), id, ctx.windows.news, slug, feed.arg,
  );
  if (status === -1) throw new NotFoundError('project');
  if (status === 0) throw new NotFoundError('news item');
}
