import { NotFoundPanel } from '@/components/errors/NotFoundPanel';

/** A link to a project that does not exist (never did, or was removed): a 404 that says so. */
export default function ProjectNotFound() {
  return <NotFoundPanel heading="No project at this address">Check the link you were sent, or find the project in the catalogue.</NotFoundPanel>;
}
