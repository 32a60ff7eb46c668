/** The visitor id cookie: set by the browser (components/live/live-socket.ts), read by pages. */
export const VISITOR_COOKIE = 'cp_vid';
