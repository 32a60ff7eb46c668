/**
 * An attribute only the "Redis unavailable" page renders: a render carrying it is served to the
 * views that waited for it but never kept (lib/server/page-cache.ts), so the page recovers on the
 * next view once Redis is back.
 */
export const UNAVAILABLE_ATTRIBUTE = 'data-unavailable';
export const UNAVAILABLE_MARK = `${UNAVAILABLE_ATTRIBUTE}="true"`;
