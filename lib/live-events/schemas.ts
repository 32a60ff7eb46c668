import { z } from 'zod';

const CONTROL_CHARACTERS = /\p{Cc}/u;
// Zero-width and bidi controls (U+200B, U+202E, …): invisible names and right-to-left spoofs.
const FORMAT_CHARACTERS = /\p{Cf}/u;
const VISIBLE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;
const characters = (text: string) => [...text].length;

/** Trimmed, 1 to `max` characters of any script (counted as code points), at least one visible, no control or format characters. */
export const displayText = (max: number) =>
  z
    .string()
    .trim()
    .refine((text) => characters(text) >= 1, 'must not be empty')
    .refine((text) => characters(text) <= max, `must be at most ${max} characters`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters')
    .refine((text) => !FORMAT_CHARACTERS.test(text), 'must not contain invisible formatting characters')
    .refine((text) => VISIBLE_CHARACTER.test(text), 'must contain a visible character');

export const slugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'not a project slug');
export const eventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids are 1 to 64 of A-Z a-z 0-9 _ -');
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a visitor id');

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL');

export const contributionInputSchema = z.object({
  id: eventIdSchema.optional(),
  name: displayText(40),
  amount: z.number().int('must be a whole amount').min(1).max(1_000_000),
});
export type ContributionInput = z.infer<typeof contributionInputSchema>;

export const newsInputSchema = z.object({
  id: eventIdSchema.optional(),
  title: displayText(140),
  url: httpUrl,
});
export type NewsInput = z.infer<typeof newsInputSchema>;

/** A past event may be imported; one from the future is a mistake (a minute of clock skew allowed). */
const pastTime = z
  .number()
  .int()
  .positive()
  .refine((at) => at <= Date.now() + 60_000, 'must not be in the future');

export const importInputSchema = z.object({
  events: z
    .array(
      z.discriminatedUnion('kind', [
        contributionInputSchema.extend({ kind: z.literal('contribution'), id: eventIdSchema, at: pastTime }),
        newsInputSchema.extend({ kind: z.literal('news'), id: eventIdSchema, at: pastTime }),
      ]),
    )
    .min(1)
    .max(5_000),
});
export type ImportInput = z.infer<typeof importInputSchema>;
