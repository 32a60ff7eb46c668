import { z } from 'zod';
import { slugSchema } from '../projects/schemas';
import { feedEntrySchema, refSchema } from './entries';

export const FEED_PAGE = { default: 20, max: 50 } as const;

export const followInputSchema = z.strictObject({ slug: slugSchema });

export const followSchema = z.object({ slug: z.string(), since: z.number().int() });
export const followsSchema = z.object({ follows: z.array(followSchema) });
export const followedSchema = z.object({ slug: z.string(), following: z.literal(true) });

export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE.max).default(FEED_PAGE.default).describe('entries per page'),
  before: refSchema.optional().describe('a `nextCursor`: the page of entries older than it'),
});

export const feedChangeSchema = z.union([
  z.object({ type: z.literal('entry'), entry: feedEntrySchema }),
  z.object({ type: z.literal('removed'), id: z.string(), cursor: refSchema }),
]);
export type FeedChange = z.infer<typeof feedChangeSchema>;

export const feedPageSchema = z.object({
  entries: z.array(feedEntrySchema),
  nextCursor: refSchema.nullable().describe('pass as `before` for the next page; null: no more'),
  lastLooked: z.number().int().describe('when the visitor last looked (ms; 0: never): entries after it are new'),
});
