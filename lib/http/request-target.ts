/**
 * Next answers a target it would normalise (a doubled or trailing slash, a backslash) with a 308
 * that repeats the whole target twice, in Location and in Refresh: a long target's answer then
 * outgrows the 16 KiB of headers clients accept (fetch failed with UND_ERR_HEADERS_OVERFLOW), and
 * any client could make the server reflect twice what it sent. Our routes' targets are short.
 */
export const MAX_TARGET_LENGTH = 4_096;

/**
 * Why a request target is not one path the front door and Next read alike, or undefined when it
 * is. Next resolves dot segments (`..`, `.%2e`), backslashes and doubled slashes after the front
 * door's policy and limits have read the raw target: `/_next/../api/…` was policed as one of
 * Next's files and routed as the API. A browser never sends such a target (it resolves them
 * itself), so it is refused rather than resolved. Next also answers a malformed escape
 * (`/api/projects/%zz`) with a bare 500.
 */
export function targetProblem(url = '/'): string | undefined {
  // An absolute-form or authority-form target (`GET http://[/`) is no path of ours.
  if (!url.startsWith('/')) return 'the request target is not a well-formed path';
  if (url.length > MAX_TARGET_LENGTH) return `the request target is longer than ${MAX_TARGET_LENGTH} characters`;
  const path = url.split('?')[0]!;
  let segments: string[];
  try {
    segments = path.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return 'the request target is not a well-formed path';
  }
  // Next turns a raw backslash into a slash; an escaped one (`%5C`), or an escaped slash, stays inside its segment.
  if (path.includes('#') || path.includes('\\')) return 'the request target has a backslash or a fragment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'the request target has a dot segment';
  if (segments.slice(0, -1).some((segment) => segment === '')) return 'the request target has a doubled slash';
  return undefined;
}
