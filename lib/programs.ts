import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { processEnv } from './config';

/** How to find one outside program: the variable that names its path, the names it goes by on PATH, where systems put it. */
export type ProgramLookup = {
  env: string;
  names: readonly string[];
  /** Tried after PATH: a user who is not root often lacks /usr/sbin there, where Debian puts haproxy. */
  locations: readonly string[];
};

const HOMEBREW = ['/opt/homebrew/bin', '/usr/local/bin'];

/** The programs the server and the tests start, by the name the project gives each. */
export const PROGRAMS = {
  'redis-server': {
    env: 'REDIS_SERVER_PATH',
    names: ['redis-server'],
    locations: [...HOMEBREW, '/usr/bin', '/usr/local/sbin'].map((dir) => `${dir}/redis-server`),
  },
  'redis-cli': {
    env: 'REDIS_CLI_PATH',
    names: ['redis-cli'],
    locations: [...HOMEBREW, '/usr/bin'].map((dir) => `${dir}/redis-cli`),
  },
  haproxy: {
    env: 'HAPROXY_PATH',
    names: ['haproxy'],
    locations: ['/usr/sbin', '/usr/local/sbin', '/opt/homebrew/sbin', ...HOMEBREW].map((dir) => `${dir}/haproxy`),
  },
} as const satisfies Record<string, ProgramLookup>;

export type ProgramName = keyof typeof PROGRAMS;

/** A program the machine lacks, or a variable naming a path that is not one: said in one line, never a stack trace. */
export class ProgramNotFoundError extends Error {
  override readonly name = 'ProgramNotFoundError';
  constructor(
    readonly program: string,
    message: string,
  ) {
    super(message);
  }
}

export type Environment = Readonly<Record<string, string | undefined>>;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The program's path: the variable if set (a wrong path is an error, not a reason to look
 * elsewhere: the user meant that one), then the first of its names on PATH, then `extra` (where
 * another tool installed it), then the usual system locations. Undefined when none holds it.
 */
export function findProgram(
  program: string,
  lookup: ProgramLookup,
  env: Environment = processEnv(),
  extra: readonly string[] = [],
): string | undefined {
  const named = env[lookup.env];
  if (named) {
    if (isExecutable(named)) return named;
    throw new ProgramNotFoundError(program, `${lookup.env}=${named}: no executable ${program} there`);
  }
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const candidates = [
    ...onPath.flatMap((dir) => lookup.names.map((name) => path.join(dir, name))),
    ...extra,
    ...lookup.locations,
  ];
  return candidates.find(isExecutable);
}

const found = new Map<ProgramName, string>();

/** The path of one of PROGRAMS, looked up once per process; throws ProgramNotFoundError when missing. */
export function programPath(program: ProgramName): string {
  let file = found.get(program);
  if (!file) {
    const lookup = PROGRAMS[program];
    file = findProgram(program, lookup);
    if (!file)
      throw new ProgramNotFoundError(
        program,
        `${program} not found on PATH nor in ${lookup.locations.join(', ')}; set ${lookup.env} to its path (npm test says how to install it)`,
      );
    found.set(program, file);
  }
  return file;
}
