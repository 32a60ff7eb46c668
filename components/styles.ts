/** The panel every page is built from. */
export const card =
  'rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm sm:p-5';

/**
 * A panel that starts below a phone's first screen: laid out and painted only once scrolled near
 * (content-visibility), held at its last height, or 320 px until it has one: a phone's first
 * layout skips text nobody can see yet (its gain on a project page was within Lighthouse's noise).
 */
export const laterCard = `${card} [content-visibility:auto] [contain-intrinsic-size:auto_320px]`;
