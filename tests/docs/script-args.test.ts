import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `KEYS[8..13] feed`: each named entry of a script's header, as written. */
function headerEntries(file: string): string[] {
  const header = readFileSync(path.join(process.cwd(), file), 'utf8').split(']]')[0]!;
  return [...header.matchAll(/(?:^[ \t-]*|[ \t]{2,})((?:KEYS|ARGV)\[[\d.]+\]) (\w+)/gm)].map(
    ([, place, name]) => `${place} ${name}`,
  );
}

// The header itself is checked against the script's declaration (tests/docs/script-headers.test.ts).
describe('the tour explains record-contribution.lua', () => {
  it('names its arguments in the tour’s table as its header does, in the same order', () => {
    const tour = readFileSync(path.join(process.cwd(), 'docs/tour.md'), 'utf8');
    const rows = [...tour.matchAll(/^ *\| `((?:KEYS|ARGV)\[[\d.]+\]) (\w+)`/gm)].map(
      ([, place, name]) => `${place} ${name}`,
    );
    expect(rows).toEqual(headerEntries('lib/live-events/lua/record-contribution.lua'));
  });
});
