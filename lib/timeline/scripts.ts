import { as, defineScript } from '../redis/script';

/** The capped timeline's scripts (lib/timeline/lua/), each declared once: its keys and arguments by name. */

const limits = ['cap', 'slack', 'ttl'] as const;

export const pushTimelineEntry = defineScript({
  file: 'timeline/lua/push-entry.lua',
  keys: ['list', 'sequences'],
  args: ['field', 'entry', ...limits],
  reply: as<number>(),
});

export const removeTimelineEntry = defineScript({
  file: 'timeline/lua/remove-timeline-entry.lua',
  keys: ['list'],
  args: ['leading'],
  reply: (seq: number) => seq || null,
});

export const readTimelinePage = defineScript({
  file: 'timeline/lua/read-page.lua',
  keys: ['list', 'sequences'],
  args: ['field', 'limit', 'before'],
  readOnly: true,
  reply: as<[0 | 1, ...string[]] | null>(),
});

export const pushTimelineId = defineScript({
  file: 'timeline/lua/push-id.lua',
  keys: ['list'],
  args: ['id', ...limits],
  reply: as<number>(),
});

export const readHydratedTimeline = defineScript({
  file: 'timeline/lua/read-hydrated.lua',
  keys: ['list', 'eventPrefix'],
  args: ['limit'],
  readOnly: true,
  reply: as<[id: string, ...fields: string[]][]>(),
});
