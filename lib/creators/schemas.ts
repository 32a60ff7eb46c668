import { z } from 'zod';

export const creatorProjectSchema = z.object({
  slug: z.string(),
  title: z.string(),
  raised: z.number().int().describe('whole units of the project’s currency'),
  currency: z.string().describe('ISO 4217 code of the project’s money'),
  contributions: z.number().int(),
});

/** What a creator raised in one currency: sums never add up different currencies. */
export const raisedInSchema = z.object({ currency: z.string(), raised: z.number().int() });

/** What a creator's folded metric events keep up to date: sums over their projects. */
export const creatorTotalsSchema = z.object({
  account: z.string(),
  creator: z.string(),
  projects: z.array(creatorProjectSchema),
  raisedByCurrency: z
    .array(raisedInSchema)
    .describe('what the projects raised, summed per currency (most raised first), never across currencies'),
  contributions: z
    .number()
    .int()
    .describe("contributions within the contributions window, over all the creator's projects"),
  computedAt: z.number().int(),
  foldKey: z.string().nullable().describe('the idempotency key of the fold that caused this refresh, if one did'),
});
