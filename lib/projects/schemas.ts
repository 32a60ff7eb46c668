import { z } from 'zod';

export const ART_MOTIFS = ['waves', 'peaks', 'orbits', 'grid', 'sunrise'] as const;

/** Artwork drawn in SVG from a motif and three colours: no external images. */
export const projectArtSchema = z.object({ motif: z.enum(ART_MOTIFS), colors: z.tuple([z.string(), z.string(), z.string()]) });

export const projectSchema = z.object({
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  creator: z.string(),
  creatorAccount: z.string().describe("the creator's account: contributions' metrics are folded per account"),
  goal: z.number().int(),
  raised: z.number().int(),
  art: projectArtSchema,
});
