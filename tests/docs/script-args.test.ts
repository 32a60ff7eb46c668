import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEventsArgs, publishNewsArgs, recordContributionArgs, unpublishNewsArgs, type NamedArgs, type ScriptArgs } from '../../lib/live-events/script-args';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import type { RedisClient } from '../../lib/redis/client';

/** `KEYS[8..13] feed` → [['feed', 8, 13]]: each named entry of a script's header, with its places. */
function headerEntries(file: string, table: 'KEYS' | 'ARGV'): [string, number, number][] {
  const header = readFileSync(path.join(process.cwd(), file), 'utf8').split(']]')[0]!;
  return [...header.matchAll(new RegExp(`${table}\\[(\\d+)(?:\\.\\.(\\d+))?\\] (\\w+)`, 'g'))].map(([, first, last, name]) => [name!, Number(first), Number(last ?? first)]);
}

/** The same from the packing function: each name with the places its values take. */
function packedEntries(named: NamedArgs): [string, number, number][] {
  let place = 1;
  return named.map(([name, value]) => {
    const size = Array.isArray(value) ? value.length : 1;
    place += size;
    return [name, place - size, place - 1];
  });
}

const ctx = { redis: {} as RedisClient, windows: DEFAULT_WINDOWS, now: () => 0 };

/** Each script whose arguments feed the shared helpers, packed by its own function (lib/live-events/script-args.ts). */
const PACKED: [file: string, packed: ScriptArgs][] = [
  ['lib/live-events/lua/record-contribution.lua', recordContributionArgs('a-project', { id: 'c1', name: 'Ada', amount: 5, backer: 'o:c1' }, ctx)],
  ['lib/live-events/lua/publish-news.lua', publishNewsArgs('a-project', { id: 'n1', title: 'News', url: 'https://example.com/' }, ctx)],
  ['lib/live-events/lua/unpublish-news.lua', unpublishNewsArgs('a-project', 'n1', ctx)],
  ['lib/live-events/lua/import-events.lua', importEventsArgs('a-project', '[]', ctx)],
];

describe('each script packed by name and its header agree on every argument', () => {
  it.each(PACKED)('%s lists KEYS and ARGV in the order its function packs them', (file, { keys, argv }) => {
    expect(headerEntries(file, 'KEYS')).toEqual(packedEntries(keys));
    expect(headerEntries(file, 'ARGV')).toEqual(packedEntries(argv));
  });

  it('names record-contribution.lua’s arguments in the tour’s table, in the same order', () => {
    const { keys, argv } = PACKED[0]![1];
    const tour = readFileSync(path.join(process.cwd(), 'docs/tour.md'), 'utf8');
    const rows = [...tour.matchAll(/^ *\| `((?:KEYS|ARGV)\[[\d.]+\]) (\w+)`/gm)].map(([, place, name]) => `${place} ${name}`);
    const packed = [...packedEntries(keys).map((entry) => ['KEYS', ...entry] as const), ...packedEntries(argv).map((entry) => ['ARGV', ...entry] as const)];
    expect(rows).toEqual(packed.map(([table, name, first, last]) => `${table}[${first === last ? first : `${first}..${last}`}] ${name}`));
  });
});
