import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addEntry } from '../leaderboard/entries';
import { loadLua } from '../../lib/redis/lua';
import { boardContext, boardKey } from '../leaderboard/support';
import { connect, testConnection } from '../support';
import { traceScriptKeys } from './script-keys';

const scripts = readdirSync(path.join(process.cwd(), 'lib'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.lua'))
  .toSorted();

describe('every key a script touches is passed in KEYS or begins with a KEYS prefix (so Redis Cluster checks its slot)', () => {
  it.each(scripts)('lib/%s', (script) => {
    const { findings } = traceScriptKeys(loadLua(script));
    expect(findings).toEqual([]);
  });

  it('finds every script and its calls', () => {
    expect(scripts.length).toBeGreaterThan(30);
    const calls = scripts.reduce((sum, script) => sum + traceScriptKeys(loadLua(script)).calls, 0);
    expect(calls).toBeGreaterThan(150);
  });

  it('reports a key built from ARGV or a literal, however it reaches redis.call', () => {
    const reported = (lua: string) => traceScriptKeys(lua).findings.map(({ from }) => from);
    expect(traceScriptKeys(`\nredis.call('GET', ARGV[1] .. 'x')`).findings).toEqual([
      { line: 2, key: `ARGV[1] .. 'x'`, from: 'ARGV' },
    ]);
    expect(reported(`local prefix = ARGV[7]\nredis.call('HINCRBY', prefix .. 'fold:' .. KEYS[1], 'n', 1)`)).toEqual([
      'ARGV',
    ]);
    expect(reported(`local function get(p, id) return redis.call('GET', p .. id) end\nget(ARGV[1], KEYS[1])`)).toEqual([
      'ARGV',
    ]);
    expect(reported(`local keys = {}\nkeys[1] = ARGV[1] .. 'x'\nredis.call('MGET', unpack(keys))`)).toEqual(['ARGV']);
    expect(reported(`local board = { key = ARGV[2] }\nredis.call('ZCARD', board.key)`)).toEqual(['ARGV']);
    expect(reported(`for _, key in ipairs(ARGV) do redis.call('DEL', key) end`)).toEqual(['ARGV']);
    expect(reported(`redis.call('INCR', '{leaderboard}:version')`)).toEqual(['literal']);
    expect(
      reported(`#!lua flags=no-writes\nlocal p = KEYS[2]\nredis.call('GET', p .. ARGV[1])\nredis.call('GET', KEYS[1])`),
    ).toEqual([]);
  });
});

it.runIf(testConnection().mode === 'cluster')(
  'on the cluster, a prefix of another slot is refused (CROSSSLOT), and nothing is written',
  async () => {
    const redis = await connect();
    try {
      const ctx = boardContext(redis);
      const elsewhere = { ...ctx, keys: { ...ctx.keys, entryPrefix: '{elsewhere}:session:' } };
      // The submit is pipelined with its WAIT: ioredis refuses keys of two slots before sending, as Redis would (CROSSSLOT).
      await expect(addEntry({ id: 'e1', name: 'Elsewhere', score: 10, date: ctx.now() }, elsewhere)).rejects.toThrow(
        /CROSSSLOT|should belong to the same slot/,
      );
      expect(await redis.exists(boardKey(ctx), ctx.keys.version)).toBe(0);
    } finally {
      await redis.quit();
    }
  },
);
