import { SETTINGS, type SettingName, type Settings } from './settings';

export { SETTINGS, settingInfo, type SettingName, type Settings } from './settings';

/**
 * The one reader of the environment in lib/, app/ and components/ (tests/docs/no-process-env.test.ts):
 * every variable by its schema in lib/settings.ts. Nothing is parsed at import, since `next build`
 * imports every module without the production environment; the start checks all at once
 * (checkSettings), and each read parses its own variable, so a test may set one and read it back.
 */
export type Env = Record<string, string | undefined>;

/** The process' environment, for functions that take an environment a test may replace. */
export function processEnv(): Env {
  return process.env;
}

/** Empty is unset, as `VAR= npm start` means in a shell. */
function present(env: Env, name: SettingName): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

/** Parsed settings of process.env by variable and raw value: requests read some on every call. */
const parsed = new Map<string, unknown>();

/** One setting, parsed with its schema and default; throws the setting's one line when it is malformed. */
export function setting<K extends SettingName>(name: K, env: Env = process.env): Settings[K] {
  const raw = present(env, name);
  const key = `${name}=${raw ?? ''}`;
  if (env === process.env && parsed.has(key)) return parsed.get(key) as Settings[K];
  const result = SETTINGS.shape[name].safeParse(raw);
  if (!result.success) throw new ConfigError([line(name, raw, result.error.issues[0]?.message ?? 'malformed')]);
  if (env === process.env) parsed.set(key, result.data);
  return result.data as Settings[K];
}

/** The raw text of a setting (unset when empty), for the few read as they are (tokens, addresses). */
export function rawSetting(name: SettingName, env: Env = process.env): string | undefined {
  return present(env, name);
}

/** Fixed at start for both module graphs of the process (server.ts's and Next's bundle): the embedded Redis' URL, the instance's name. */
export function setSetting(name: SettingName, value: string): void {
  (process.env as Env)[name] = value;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** Secrets are named by their length, never printed. */
const SECRET = /TOKEN|SECRET/;

function line(name: SettingName, raw: string | undefined, message: string): string {
  if (message.startsWith(name)) return message;
  const shown = raw === undefined ? 'unset' : SECRET.test(name) ? `(${raw.length} characters)` : JSON.stringify(raw);
  return `${name}=${shown}: ${message}`;
}

/** Every malformed setting, one line each; empty when all parse. */
export function settingProblems(env: Env = process.env): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(SETTINGS.shape) as SettingName[]) {
    const raw = present(env, name);
    const result = SETTINGS.shape[name].safeParse(raw);
    if (!result.success) problems.push(line(name, raw, result.error.issues[0]?.message ?? 'malformed'));
  }
  return problems;
}

/** At start: stops it with one line per malformed setting, not at the first request that needs one. */
export function checkSettings(env: Env = process.env): void {
  const problems = settingProblems(env);
  if (problems.length > 0) throw new ConfigError(problems);
}
