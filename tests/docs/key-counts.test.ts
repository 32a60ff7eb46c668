import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_HOOK_KEY_COUNT } from '../../lib/feed/hook';
import * as liveEventScripts from '../../lib/live-events/scripts';
import { read, ROOT } from './markdown';

/** The highest `KEYS[n]` a script's opening comment names: the keys it says it takes. */
const headerKeys = (file: string) => {
  const header = readFileSync(path.join(ROOT, file), 'utf8').split(']]')[0]!;
  return Math.max(0, ...[...header.matchAll(/KEYS\[(\d+)\]/g)].map(([, n]) => Number(n)));
};

/** The rows of docs/live-events.md's scripts table: `| \`x.lua\` | 6 + the home feed's 6 | … |`. */
const stated = [
  ...read('docs/live-events.md').matchAll(/^\| `([a-z-]+\.lua)`[^|]*\| (\d+)(?: \+ the home feed's (\d+))? \|/gm),
].map(([, script, own, hook]) => ({ script: script!, own: Number(own), hook: hook === undefined ? 0 : Number(hook) }));

/** Each live-event script with a fixed number of keys (the home feed's run is fixed), and that number. */
const fixed = Object.values(liveEventScripts)
  .filter((each) => typeof each === 'object' && 'file' in each)
  .map((script) => ({ file: script.file.split('/').at(-1)!, keys: script.keys as readonly string[] }))
  .filter(({ keys }) => keys.every((name) => !name.startsWith('...') || name === '...feed'))
  .map(({ file, keys }) => ({
    file,
    numberOfKeys: keys.length - (keys.includes('...feed') ? 1 - FEED_HOOK_KEY_COUNT : 0),
  }));

describe('the KEYS counts docs/live-events.md states', () => {
  it('states one for every live-event script with a fixed number of keys', () => {
    expect(stated.map(({ script }) => script).toSorted()).toEqual(fixed.map(({ file }) => file).toSorted());
  });

  it.each(stated)('$script: the count its header names, and the count it is defined with', ({ script, own, hook }) => {
    expect(headerKeys(`lib/live-events/lua/${script}`)).toBe(own);
    if (hook) expect(hook).toBe(FEED_HOOK_KEY_COUNT);
    expect(fixed.find((each) => each.file === script)?.numberOfKeys).toBe(own + hook);
  });

  it("matches the home feed's hook: the keys feedHookKeys gives are the ones home-feed.lua reads", () => {
    const header = readFileSync(path.join(ROOT, 'lib/feed/lua/includes/home-feed.lua'), 'utf8').split(']]')[0]!;
    const fromEnd = [...header.matchAll(/KEYS\[#KEYS - (\d+)\]/g)].map(([, n]) => Number(n));
    expect(Math.max(...fromEnd) + 1).toBe(FEED_HOOK_KEY_COUNT);
    expect(header).toMatch(new RegExp(`\\b${FEED_HOOK_KEY_COUNT} feed keys\\b`));
  });
});
