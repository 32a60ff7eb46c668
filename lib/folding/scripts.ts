import { as, defineScript } from '../redis/script';

/** Event folding's scripts (lib/folding/lua/), each declared once: its keys and arguments by name. */

/** A fold as claim-due.lua answers it: key, group, fields (JSON), firstAt, lastAt, events, dueAt, deliveries. */
export type RawFold = [string, string, string, string, string, string, string, string];
export type RawState = [string[], number, number, ...[string, string, string, string][]];

export const foldEvent = defineScript({
  file: 'folding/lua/fold.lua',
  keys: ['lastEvent', 'firstEvent', 'fields', 'eventsPerGroup', 'recentlyClaimed', 'counters'],
  args: ['now', 'group', 'merge', 'window', '...fields'],
  reply: (folded: 0 | 1) => (folded === 1 ? 'folded' : 'started'),
});

export const claimDueFolds = defineScript({
  file: 'folding/lua/claim-due.lua',
  keys: [
    'lastEvent',
    'firstEvent',
    'eventsPerGroup',
    'recentlyClaimed',
    'claimed',
    'counters',
    'fieldsPrefix',
    'foldPrefix',
    'pollerLease',
  ],
  args: ['now', 'window', 'maxWait', 'lease', 'batch', 'merge', 'poller', 'pollerTtl'],
  reply: as<[number, ...(RawFold | number)[]]>(),
});

export const ackFold = defineScript({
  file: 'folding/lua/ack-fold.lua',
  keys: ['claimed', 'fold', 'published', 'counters', 'changes'],
  args: ['key', 'now', 'folder', 'cap', 'slack', 'ttl'],
  reply: (published: 0 | 1) => published === 1,
});

export const readFoldingState = defineScript({
  file: 'folding/lua/read-state.lua',
  keys: ['counters', 'lastEvent', 'firstEvent', 'eventsPerGroup', 'claimed'],
  args: ['limit'],
  readOnly: true,
  reply: as<RawState>(),
});

export const releaseBurstLease = defineScript({
  file: 'folding/lua/release-burst-lease.lua',
  keys: ['lease'],
  args: ['token'],
  reply: (released: 0 | 1) => released === 1,
});
