/**
 * An attribute only the "Redis unavailable" page renders: a render carrying it is served to the
 * views that waited for it but never kept (lib/server/page-cache.ts), so the page recovers on the
 * next view once Redis is back.
 */
export const UNAVAILABLE_ATTRIBUTE = 'data-unavailable';
export const UNAVAILABLE_MARK = `${UNAVAILABLE_ATTRIBUTE}="true"`;

/**
 * An attribute every "not found" panel renders. An unknown project's page renders that panel
 * itself (a notFound() thrown there left Next's empty error shell, filled in only by
 * JavaScript): the page cache serves such a render, a 200 from Next, as the 404 it is.
 */
export const NOT_FOUND_ATTRIBUTE = 'data-not-found';
export const NOT_FOUND_MARK = `${NOT_FOUND_ATTRIBUTE}="true"`;
