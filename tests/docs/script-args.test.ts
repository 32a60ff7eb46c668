import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordContributionArgs, type NamedArgs } from '../../lib/live-events/record-contribution-args';
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

describe('record-contribution.lua and its caller agree on every argument by name', () => {
  const { keys, argv } = recordContributionArgs('a-project', { id: 'c1', name: 'Ada', amount: 5, backer: 'n:ada' }, { redis: {} as RedisClient, windows: DEFAULT_WINDOWS, now: () => 0 });

  it('lists KEYS and ARGV in the header in the order recordContributionArgs packs them', () => {
    expect(headerEntries('lib/live-events/lua/record-contribution.lua', 'KEYS')).toEqual(packedEntries(keys));
    expect(headerEntries('lib/live-events/lua/record-contribution.lua', 'ARGV')).toEqual(packedEntries(argv));
  });

  it('names the script’s arguments in the tour’s table, in the same order', () => {
    const tour = readFileSync(path.join(process.cwd(), 'docs/tour.md'), 'utf8');
    const rows = [...tour.matchAll(/^ *\| `((?:KEYS|ARGV)\[[\d.]+\]) (\w+)`/gm)].map(([, place, name]) => `${place} ${name}`);
    const packed = [...packedEntries(keys).map((entry) => ['KEYS', ...entry] as const), ...packedEntries(argv).map((entry) => ['ARGV', ...entry] as const)];
    expect(rows).toEqual(packed.map(([table, name, first, last]) => `${table}[${first === last ? first : `${first}..${last}`}] ${name}`));
  });
});
