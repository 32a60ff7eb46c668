import { NotFoundError } from '../errors';
import { newId } from '../ids';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { detailsKey, kindKey, liveEventKeys } from './keys';
import { windowOf, type KindDescriptor } from './kinds';
import { recordEvent as recordScript } from './scripts';

/** What a member of `kinds` carries (kinds.ts), and optionally its id. */
export type EventInput = { id?: string; [carried: string]: string | number | undefined };

/**
 * Records one event in each of `kinds` (counters and lists declared in kinds.ts, sharing one
 * details hash) in one round trip (lua/record-event.lua): recorded, pruned, counted and pushed
 * as an `event-recorded` change. The write of any kind declared by its descriptor alone; an id
 * sent again changes nothing.
 */
export async function recordEvent(
  slug: string,
  kinds: readonly KindDescriptor[],
  input: EventInput,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ id: string; at: number; created: boolean }> {
  const id = input.id ?? newId();
  const order = Object.keys(kinds.find((kind) => kind.shape === 'list')?.carries ?? {});
  const fields = Object.fromEntries(order.map((field) => [field, input[field]]));
  const { info, changes } = liveEventKeys(slug);
  const { status, at } = await recordScript.run(
    ctx.redis,
    { info, changes, details: detailsKey(slug, kinds[0]!), kinds: kinds.map((kind) => kindKey(slug, kind)) },
    {
      now: ctx.now(),
      id,
      slug,
      carries: JSON.stringify({ order, fields }),
      kindSpecs: kinds.flatMap((kind) => [kind.name, kind.shape, windowOf(ctx.windows, kind)]),
    },
  );
  if (status === 'no_project') throw new NotFoundError('project');
  return { id, at, created: status === 'done' };
}
