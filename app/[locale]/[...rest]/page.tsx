import NotFound from '../not-found';

/**
 * Any path under a locale that no page answers: its 404, in the locale's layout and language.
 * Rendered rather than thrown (notFound()): Next answers a throw with an empty shell until
 * JavaScript runs. The panel's mark makes the page cache answer 404 (lib/server/page-marks.ts).
 */
export default function Unknown() {
  return <NotFound />;
}
