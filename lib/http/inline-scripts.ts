import { createHash } from 'node:crypto';

/** A script's CSP source: `'sha256-…'` of its exact text, as the browser hashes it. */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const FLIGHT_START = '(self.__next_f=self.__next_f||[]).push([0])';
const FLIGHT_CHUNK = /^self\.__next_f\.push\((\[[\s\S]*\])\);?$/;
const TURBOPACK_BOOT =
  /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{[\s\S]*\})\);?$/;

const parsesAsJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether an inline script is one Next's app router writes: the start of the RSC payload, a
 * chunk of it (`self.__next_f.push([kind, <JSON>])`), or Turbopack's list of the page's chunks.
 * Each only hands data to Next's own code: its argument must be JSON, so nothing else runs.
 */
export function isNextDataScript(text: string): boolean {
  if (text === FLIGHT_START) return true;
  const data = FLIGHT_CHUNK.exec(text)?.[1] ?? TURBOPACK_BOOT.exec(text)?.[1];
  return data !== undefined && parsesAsJson(data);
}

/**
 * The hashes of the inline scripts of a page Next rendered that are Next's data scripts: what
 * its CSP's `script-src` allows besides the site's own files. Any other inline script, such as
 * one injected into a name, is left out, so the browser refuses to run it.
 */
export function nextScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || !text) continue;
    if (isNextDataScript(text)) hashes.add(scriptHash(text));
  }
  return [...hashes];
}
