import { as, defineScript } from '../redis/script';

/** The projects' scripts (lib/projects/lua/), each declared once: its keys and arguments by name. */

const catalogueWriteKeys = ['order', 'cards', 'creatorPrefix', 'changes', 'ends', 'ending'] as const;

export const saveProjectInfo = defineScript({
  file: 'projects/lua/save-project.lua',
  keys: ['info', 'changes'],
  args: ['raised', '...fields'],
  reply: (reply: [0 | 1, number] | [-1, string]) =>
    reply[0] === -1
      ? ({ status: 'tier_in_use', tier: reply[1] } as const)
      : ({ status: reply[0] === 1 ? 'created' : 'updated', raised: reply[1] } as const),
});

export const saveCard = defineScript({
  file: 'projects/lua/save-card.lua',
  keys: catalogueWriteKeys,
  args: ['slug', 'member', 'card'],
  reply: (listed: 0 | 1) => listed === 1,
});

export const copyTotals = defineScript({
  file: 'projects/lua/copy-totals.lua',
  keys: ['cards', 'changes'],
  args: ['readAt', '...totals'],
  reply: as<number>(),
});

export const unlistCard = defineScript({
  file: 'projects/lua/unlist-card.lua',
  keys: catalogueWriteKeys,
  args: ['slug', 'endsAt'],
  reply: (unlisted: 0 | 1) => unlisted === 1,
});
