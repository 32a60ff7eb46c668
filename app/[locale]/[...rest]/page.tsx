import { notFound } from 'next/navigation';

/** Any path under a locale that no page answers: its 404 in the locale's layout and language (not-found.tsx). */
export default function Unknown() {
  notFound();
}
