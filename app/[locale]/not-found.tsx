import { NotFoundPanel } from '@/components/errors/NotFoundPanel';

/** Any path nothing answers, and notFound() outside a project page: a 404, in the site's look. */
export default function NotFound() {
  return <NotFoundPanel heading="There is no page here">The link may be mistyped, or the page may have moved.</NotFoundPanel>;
}
