import type { ChainableCommander } from 'ioredis';
import { writeAcknowledged } from './acknowledged';
import type { RedisClient } from './client';
import { loadLua } from './lua';

export type ScriptValue = string | number;
type Names = readonly string[];
type Field<Name extends string> = Name extends `...${infer Run}` ? Run : Name;

/**
 * A script's KEYS or ARGV by name. A name written `...feed` stands for a run of values (its
 * header's `KEYS[9..14] feed`): the home feed's keys, a list of question ids.
 */
export type Named<N extends Names> = {
  readonly [Name in N[number] as Field<Name>]: Name extends `...${string}` ? readonly ScriptValue[] : ScriptValue;
};

export type ScriptSpec<K extends Names, A extends Names, R> = {
  /** Under lib/: `<pattern>/lua/<file>.lua`. Its header names KEYS and ARGV in this order (tests/redis/script-headers.test.ts). */
  file: string;
  keys: K;
  args: A;
  /** Runs with EVALSHA_RO: a replica may answer, and Redis refuses a write. */
  readOnly?: boolean;
  /** The reply as its caller matches on it: statuses named, tuples as fields. */
  reply: (raw: never) => R;
};

export type Script<K extends Names, A extends Names, R> = Readonly<ScriptSpec<K, A, R>> & {
  /** One round trip. `acknowledged`: on a cluster, not done until a replica has it (lib/redis/acknowledged.ts). */
  run(redis: RedisClient, keys: Named<K>, args: Named<A>, options?: { acknowledged?: boolean }): Promise<R>;
  /** KEYS then ARGV, in the header's order. */
  pack(keys: Named<K>, args: Named<A>): { keys: ScriptValue[]; argv: ScriptValue[] };
  /** Its Lua, includes expanded. */
  source(): string;
};

/** Every script declared, for the header test: one declaration per file. */
export const declaredScripts: Script<Names, Names, unknown>[] = [];

function inOrder(names: Names, values: Record<string, ScriptValue | readonly ScriptValue[]>): ScriptValue[] {
  return names.flatMap((name) => {
    const value = values[name.startsWith('...') ? name.slice(3) : name];
    if (value === undefined) throw new TypeError(`no value for ${name}`);
    return typeof value === 'object' ? [...value] : [value];
  });
}

/**
 * Declares one Lua script: its file, its KEYS and ARGV by name, and how its reply reads. Callers
 * pass objects, so no call site counts places; the script is defined on a client (ioredis
 * defineCommand: EVALSHA, loaded again after NOSCRIPT) the first time it runs there. The number
 * of keys goes with each call, so a run of keys (`...feed`) is counted as it is.
 */
export function defineScript<const K extends Names, const A extends Names, R>(
  spec: ScriptSpec<K, A, R>,
): Script<K, A, R> {
  const command = `script:${spec.file}`;
  let lua: string | undefined;
  const decode = spec.reply as (raw: unknown) => R;
  const pack = (keys: Named<K>, args: Named<A>) => ({
    keys: inOrder(spec.keys, keys as Record<string, ScriptValue>),
    argv: inOrder(spec.args, args as Record<string, ScriptValue>),
  });
  const call = (target: RedisClient | ChainableCommander, packed: ReturnType<typeof pack>) =>
    (target as unknown as Record<string, (...values: ScriptValue[]) => Promise<unknown>>)[command]!(
      packed.keys.length,
      ...packed.keys,
      ...packed.argv,
    );
  const source = () => (lua ??= loadLua(spec.file));
  const script: Script<K, A, R> = {
    ...spec,
    pack,
    source,
    async run(redis, keys, args, options) {
      if (!(command in redis.scriptsSet)) redis.defineCommand(command, { lua: source(), readOnly: spec.readOnly });
      const packed = pack(keys, args);
      const raw = options?.acknowledged
        ? await writeAcknowledged(redis, (pipeline) => void call(pipeline, packed))
        : await call(redis, packed);
      return decode(raw);
    },
  };
  declaredScripts.push(script as unknown as Script<Names, Names, unknown>);
  return script;
}

/** A reply taken as it comes, typed: for scripts whose reply has no statuses to name. */
export const as =
  <T>() =>
  (raw: T): T =>
    raw;

/** A status code turned into its name: `statusNamed({ 1: 'recorded', [-2]: 'ended' })(reply[0])`. */
export function statusNamed<const S extends Record<number, string>>(statuses: S) {
  return (code: number): S[keyof S] => {
    const name = statuses[code as keyof S];
    if (name === undefined) throw new Error(`a script answered an unknown status ${code}`);
    return name;
  };
}
