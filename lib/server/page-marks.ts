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

/**
 * What React writes when a part of the page failed to render on the server and is left to the
 * browser: the client-rendered boundary's comment, or the instruction that turns a streamed one
 * into it. Such a render is served to the views that waited for it but never kept: every visitor
 * would get the broken part for as long as it is kept, and its instruction script is not one the
 * page's policy allows (lib/http/inline-scripts.ts).
 */
const FELL_BACK_MARKS = ['<!--$!-->', '$RX('];
export const fellBackToClient = (body: Buffer) => FELL_BACK_MARKS.some((mark) => body.includes(mark));
