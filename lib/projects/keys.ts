/**
 * Every key of a project shares the hash tag `{project:<slug>}`, so a script touching several
 * of them runs on Redis Cluster (one slot). Slugs are validated to [a-z0-9-], so no slug can
 * smuggle a brace into the tag.
 */
export function projectTag(slug: string): string {
  return `{project:${slug}}`;
}

export const projectKeys = {
  /** Hash: title, creator, goal, raised, … */
  info: (slug: string) => `${projectTag(slug)}:info`,
  /** Sorted set of slugs by listing order: the catalogue. */
  index: 'projects',
} as const;
