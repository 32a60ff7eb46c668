import { NotFoundError } from '../errors';
import { afterFeedHook } from '../feed/hook';
import { newId } from '../ids';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { argValues, publishNewsArgs, unpublishNewsArgs } from './script-args';
import type { NewsInput } from './schemas';
import { withLiveEventScripts } from './commands';

export async function publishNews(
  slug: string,
  input: NewsInput,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ id: string; at: number; created: boolean }> {
  const id = input.id ?? newId();
  const { keys, argv } = publishNewsArgs(slug, { id, title: input.title, url: input.url }, ctx);
  const [status, at, feedWork] = await withLiveEventScripts(ctx.redis).publishNews(...argValues(keys), ...argValues(argv));
  if (status === -1) throw new NotFoundError('project');
  await afterFeedHook(slug, ctx, feedWork);
  return { id, at, created: status === 1 };
}

export async function unpublishNews(
  slug: string,
  id: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<void> {
  const { keys, argv } = unpublishNewsArgs(slug, id, ctx);
  const status = await withLiveEventScripts(ctx.redis).unpublishNews(...argValues(keys), ...argValues(argv));
  if (status === -1) throw new NotFoundError('project');
  if (status === 0) throw new NotFoundError('news item');
}
