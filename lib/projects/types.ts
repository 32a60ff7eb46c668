import type { z } from 'zod';
import type { ART_MOTIFS } from './art-motifs';
import type { projectArtSchema, projectSchema } from './schemas';

export { ART_MOTIFS } from './art-motifs';
export type ArtMotif = (typeof ART_MOTIFS)[number];

/** Artwork drawn in SVG from a motif and three colours: no external images. */
export type ProjectArt = z.infer<typeof projectArtSchema>;

export type Project = z.infer<typeof projectSchema>;
