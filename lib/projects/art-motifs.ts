/**
 * The motifs a project's art may use. Apart from the schemas: the admin form lists them in the
 * browser, and a value imported from schemas.ts brings zod, whose JIT probe (`Function("")`) the
 * page's policy refuses as eval.
 */
export const ART_MOTIFS = ['waves', 'peaks', 'orbits', 'grid', 'sunrise'] as const;
