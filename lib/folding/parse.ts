import { z } from 'zod';
import type { FoldingConfig } from './config';
import type { RawFold, RawState } from './scripts';
import type { Fold, FoldFields, FoldingState, PublishedFold } from './types';

const num = (value: string | null | undefined) => Number(value ?? 0);

export function parseFold([key, group, fields, firstAt, lastAt, events, dueAt, deliveries]: RawFold): Fold {
  return {
    key,
    group,
    fields: parseFields(fields),
    firstAt: num(firstAt),
    lastAt: num(lastAt),
    events: num(events),
    dueAt: num(dueAt),
    deliveries: num(deliveries),
  };
}

/** A fold's hash (or the message ack-fold.lua publishes): every value a string. */
export function parsePublishedFold(hash: Record<string, string>): PublishedFold | null {
  if (!hash.key || !hash.group || !hash.fields || !hash.publishedAt) return null;
  const { key, group, fields, firstAt, lastAt, events, dueAt, deliveries, claimedAt, publishedAt } = hash;
  return {
    ...parseFold([key, group, fields, firstAt!, lastAt!, events!, dueAt!, deliveries!]),
    claimedAt: num(claimedAt),
    publishedAt: num(publishedAt),
  };
}

/** The shards' states as one: counters and counts summed, the `limit` oldest pending groups of all. */
export function mergeStates(states: RawState[], limit: number): RawState {
  const counters = new Map<string, number>();
  for (const [flat] of states) {
    for (let i = 0; i + 1 < flat.length; i += 2)
      counters.set(flat[i]!, (counters.get(flat[i]!) ?? 0) + Number(flat[i + 1]));
  }
  const groups = states
    .flatMap(([, , , ...oldest]) => oldest)
    .toSorted((a, b) => Number(a[1]) - Number(b[1]))
    .slice(0, limit);
  return [
    [...counters].flatMap(([name, value]) => [name, String(value)]),
    states.reduce((sum, [, pending]) => sum + pending, 0),
    states.reduce((sum, [, , claimed]) => sum + claimed, 0),
    ...groups,
  ];
}

/** Values arrive as Redis' own strings (exact to the double), names as a sorted array. */
function parseFields(json: string): FoldFields {
  const fields = JSON.parse(json) as string[] | Record<string, string>;
  if (Array.isArray(fields)) return fields;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Number(value)]));
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function parseState([flatCounters, pending, claimed, ...groups]: RawState, config: FoldingConfig): FoldingState {
  const counters = new Map<string, number>();
  for (let i = 0; i + 1 < flatCounters.length; i += 2) counters.set(flatCounters[i]!, Number(flatCounters[i + 1]));
  const count = (name: string) => counters.get(name) ?? 0;
  const [newGroups, folded, fakeNew] = [count('newGroups'), count('folded'), count('fakeNew')];
  const events = newGroups + folded;
  return {
    stats: {
      events,
      newGroups,
      folded,
      fakeNew,
      ratio: ratio(folded, events),
      exactRatio: ratio(folded, events - newGroups),
      adjustedRatio: ratio(folded + fakeNew, events),
      pending,
      claimed,
      published: count('published'),
      redelivered: count('redelivered'),
      window: config.windowMs,
      maxWait: config.maxWaitMs,
    },
    pending: groups.map(([group, firstAt, lastAt, events]) => ({
      group,
      firstAt: num(firstAt),
      lastAt: num(lastAt),
      events: num(events),
      dueAt: Math.min(num(lastAt) + config.windowMs, num(firstAt) + config.maxWaitMs),
    })),
  };
}

const publishedMessage = z.object({ folder: z.string(), fold: z.record(z.string(), z.string()) });

/** A message of a folder's change channel (ack-fold.lua's `{folder, fold}`), when it is a fold of `folderName`; else null. */
export function parseFoldingMessage(message: string, folderName: string): PublishedFold | null {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = publishedMessage.safeParse(json);
  return parsed.success && parsed.data.folder === folderName ? parsePublishedFold(parsed.data.fold) : null;
}
