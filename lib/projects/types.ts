export const ART_MOTIFS = ['waves', 'peaks', 'orbits', 'grid', 'sunrise'] as const;
export type ArtMotif = (typeof ART_MOTIFS)[number];

/** Artwork drawn in SVG from a motif and three colours: no external images. */
export type ProjectArt = { motif: ArtMotif; colors: [string, string, string] };

export type Project = {
  slug: string;
  title: string;
  tagline: string;
  description: string;
  creator: string;
  /** The creator's account: contributions' metrics are folded per account. */
  creatorAccount: string;
  goal: number;
  raised: number;
  art: ProjectArt;
};
