import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { includedFile } from '../../lib/redis/lua';
import { ROOT } from './markdown';

/** docs/live-events.md: "`inWindow` … filters by window"; the places that may compare a time with a kind's window. */
const WINDOW_FILTERS = {
  typescript: ['lib/live-events/kinds.ts'],
  // event-kinds.lua for every kind; presence.lua for the visitors' kind, whose members are tabs' heartbeats;
  // holds.lua for a tier's holds, scored by the time they lapse (their window's end, known when made).
  lua: [
    'lib/live-events/lua/includes/event-kinds.lua',
    'lib/live-events/lua/includes/presence.lua',
    'lib/live-events/lua/includes/holds.lua',
  ],
};

function sources(dir: string, extension: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => extension.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}

/** A time minus a window (`now - window`, `at - windows[kind]!`, `now - contributionsWindowMs`): the start of a window. */
const WINDOW_START = /\s-\s+[\w.!?()[\]]*window/i;
/** A score range over a sorted set: what filters a kind's members in Lua. */
const SCORE_RANGE = /ZCOUNT|BYSCORE|ZRANGEBYSCORE|ZREMRANGEBYSCORE/;

/** The live events' scripts and every helper they include: the Lua that reads a kind's members. */
function liveEventLua(): string[] {
  const files = new Set(sources('lib/live-events/lua', /\.lua$/));
  for (const file of files) {
    for (const [, included] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^--- @include "(.+)"$/gm)) {
      files.add(path.posix.join('lib', includedFile(included!)));
    }
  }
  return [...files];
}

describe('the window filter', () => {
  it('is computed in TypeScript only by kinds.ts (inWindow, windowScores)', () => {
    const others = ['lib', 'components', 'app']
      .flatMap((dir) => sources(dir, /\.tsx?$/))
      .filter(
        (file) =>
          !WINDOW_FILTERS.typescript.includes(file) && WINDOW_START.test(readFileSync(path.join(ROOT, file), 'utf8')),
      );
    expect(others).toEqual([]);
  });

  it("is computed in Lua only by the live events' shared helpers", () => {
    expect(liveEventLua()).toEqual(expect.arrayContaining(WINDOW_FILTERS.lua));
    const others = liveEventLua().filter(
      (file) => !WINDOW_FILTERS.lua.includes(file) && SCORE_RANGE.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(others).toEqual([]);
  });

  it('keeps a member exactly one window old out in Lua, as inWindow does (tests/unit/window-edge.test.ts)', () => {
    for (const file of WINDOW_FILTERS.lua) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      // Counted and shown: scores above the cutoff, never at it; pruned: at or before it.
      for (const [call] of source.matchAll(/redis\.call\('(?:ZCOUNT|ZRANGE)'[^)]*\)/g)) {
        if (/'-inf', cutoff/.test(call)) continue;
        expect(call, file).toMatch(/'\(' \.\. cutoff/);
      }
    }
  });
});
