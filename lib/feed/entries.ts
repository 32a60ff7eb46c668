import { z } from 'zod';

/** A reference: `<at, 13 digits>:<slug>:<entry id>`; as strings they sort by (time, slug, id). */
export const refSchema = z.string().regex(/^\d{13}:[a-z0-9-]{1,64}:[A-Za-z0-9_-]{1,70}$/, 'not a feed cursor');

export function refParts(ref: string): { at: number; slug: string; id: string } {
  const [at, slug, id] = ref.split(':') as [string, string, string];
  return { at: Number(at), slug, id };
}

const base = {
  id: z.string(),
  cursor: z.string(),
  project: z.object({ slug: z.string(), title: z.string() }),
  at: z.number().int(),
};

export const feedEntrySchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('news'), news: z.object({ title: z.string(), url: z.string() }) }),
  z.object({
    ...base,
    kind: z.literal('milestone'),
    milestone: z.enum(['first-backer', '25', '50', '100']),
    goal: z.number(),
  }),
  z.object({
    ...base,
    kind: z.literal('backers'),
    contributions: z.number().int().describe("the project page's contributions count (its window) when last updated"),
    backers: z.number().int().describe("the project page's backers count when last updated"),
    updated: z.number().int(),
  }),
  z.object({
    ...base,
    kind: z.literal('ended'),
    funded: z.boolean().describe('whether it reached its goal by its end'),
    raised: z.number().int(),
    goal: z.number().int(),
  }),
]);

export type FeedEntry = z.infer<typeof feedEntrySchema>;

/**
 * An entry hash (home-feed.lua) as the API shows it; null for a hash that is gone or unknown, or
 * newer than the reference: a milestone a cancel took back and a pledge crossed again has its id
 * anew, and feeds still hold the reference to the one taken back.
 */
export function entryFromHash(ref: string, hash: Record<string, string>): FeedEntry | null {
  const { slug, id, at } = refParts(ref);
  if (Number(hash.at) !== at) return null;
  const common = {
    id: `${slug}:${id}`,
    cursor: ref,
    project: { slug, title: hash.title ?? slug },
    at: Number(hash.at),
  };
  const parsed = feedEntrySchema.safeParse(
    hash.kind === 'news'
      ? { ...common, kind: 'news', news: { title: hash.headline, url: hash.url } }
      : hash.kind === 'milestone'
        ? { ...common, kind: 'milestone', milestone: hash.milestone, goal: Number(hash.goal) }
        : hash.kind === 'ended'
          ? {
              ...common,
              kind: 'ended',
              funded: hash.funded === '1',
              raised: Number(hash.raised),
              goal: Number(hash.goal),
            }
          : {
              ...common,
              kind: hash.kind,
              contributions: Number(hash.contributions),
              backers: Number(hash.backers),
              updated: Number(hash.updated),
            },
  );
  return parsed.success ? parsed.data : null;
}

/** A message of a project's feed channel (home-feed.lua) as pushed to watching pages; null if malformed. */
export function changeFromMessage(
  message: string,
): { type: 'entry'; entry: FeedEntry } | { type: 'removed'; id: string; cursor: string } | null {
  try {
    const parsed = JSON.parse(message) as { type?: string; ref?: string; entry?: Record<string, string> };
    if (!parsed.ref || !refSchema.safeParse(parsed.ref).success) return null;
    if (parsed.type === 'removed') {
      const { slug, id } = refParts(parsed.ref);
      return { type: 'removed', id: `${slug}:${id}`, cursor: parsed.ref };
    }
    const entry = parsed.type === 'entry' && parsed.entry ? entryFromHash(parsed.ref, parsed.entry) : null;
    return entry && { type: 'entry', entry };
  } catch {
    return null;
  }
}
