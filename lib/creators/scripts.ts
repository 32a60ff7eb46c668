import { defineScript } from '../redis/script';

/** The creators' one script (lib/creators/lua/), declared by name. */
export const saveTotals = defineScript({
  file: 'creators/lua/save-totals.lua',
  keys: ['totals', 'updated', 'changes'],
  args: ['account', 'computedAt', 'totals'],
  reply: (saved: 0 | 1) => saved === 1,
});
