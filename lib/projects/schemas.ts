import { z } from 'zod';
import { because } from '../input-reason';
import { ART_MOTIFS } from './art-motifs';

const CONTROL_CHARACTERS = /\p{Cc}/u;
// Zero-width and bidi controls (U+200B, U+202E, …): invisible names and right-to-left spoofs.
const FORMAT_CHARACTERS = /\p{Cf}/u;
const VISIBLE_CHARACTER = /[\p{L}\p{N}\p{P}\p{S}]/u;
// Letters and symbols that render as nothing: the Hangul fillers and the blank Braille pattern.
const BLANK_LOOKING = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;
const characters = (text: string) => [...text].length;

/** Trimmed, 1 to `max` characters of any script (counted as code points), at least one visible, no control or format characters. */
export const displayText = (max: number) =>
  z
    .string()
    .trim()
    .refine((text) => characters(text) >= 1, { message: 'must not be empty', ...because('required') })
    .refine((text) => characters(text) <= max, {
      message: `must be at most ${max} characters`,
      ...because('too_long', max),
    })
    .refine((text) => !CONTROL_CHARACTERS.test(text), {
      message: 'must not contain control characters',
      ...because('characters'),
    })
    .refine((text) => !FORMAT_CHARACTERS.test(text), {
      message: 'must not contain invisible formatting characters',
      ...because('characters'),
    })
    .refine((text) => VISIBLE_CHARACTER.test(text.replace(BLANK_LOOKING, '')), {
      message: 'must contain a visible character',
      ...because('characters'),
    })
    .meta({
      minLength: 1,
      maxLength: max,
      description: `1 to ${max} characters of any script, trimmed, at least one visible, no control or invisible formatting characters`,
    });

export const slugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'not a project slug');

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0ea5e9');

/** Artwork drawn in SVG from a motif and three colours: no external images. */
export const projectArtSchema = z.object({
  motif: z.enum(ART_MOTIFS),
  colors: z.tuple([z.string(), z.string(), z.string()]),
});

export const tierIdSchema = z.string().regex(/^[a-z0-9-]{1,32}$/, 'tier ids are 1 to 32 of a-z 0-9 -');

/** A reward tier: a pledge naming it gives at least `minimum`; with a `limit`, it sells exactly that many. */
export const tierSchema = z.strictObject({
  id: tierIdSchema,
  title: displayText(60),
  description: z.union([displayText(280), z.literal('')]).default(''),
  minimum: z.number().int('must be a whole amount').min(1).max(1_000_000),
  limit: z.number().int().min(1).max(1_000_000).optional().describe('places; omitted, unlimited'),
});
export type Tier = z.output<typeof tierSchema>;

export const tiersSchema = z
  .array(tierSchema)
  .max(20)
  .refine((tiers) => new Set(tiers.map((tier) => tier.id)).size === tiers.length, {
    message: 'tier ids must be unique',
    ...because('unique'),
  });

/** A project's money unless it says otherwise. */
export const DEFAULT_CURRENCY = 'EUR';
/** An ISO 4217 code the runtime's Intl knows: pages format the project's money in it. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
  .refine((code) => Intl.supportedValuesOf('currency').includes(code), {
    message: 'must be an ISO 4217 code such as EUR',
    ...because('format'),
  });

export const projectSchema = z.object({
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  creator: z.string(),
  creatorAccount: z.string().describe("the creator's account: contributions' metrics are folded per account"),
  goal: z.number().int(),
  currency: z.string().optional().describe('ISO 4217 code of the money it raises (goal, total, tiers); EUR unless set'),
  raised: z.number().int(),
  art: projectArtSchema,
  endsAt: z.number().int().optional().describe('when the campaign ends, ms since the epoch; absent, it never ends'),
  tiers: z.array(tierSchema).optional().describe('its reward tiers'),
});

/** The same characters as a folded event's account_id (lib/folding/metric-events.ts): no brace can leave a hash tag. */
const accountSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 of A-Z a-z 0-9 _ . -');

export const DEFAULT_ART = { motif: 'waves', colors: ['#312e81', '#6366f1', '#f472b6'] } as const satisfies z.infer<
  typeof projectArtSchema
>;

/** What `PUT /api/projects/:slug` takes: a project's own fields; its total is never written this way. */
export const projectInputSchema = z.strictObject({
  title: displayText(80),
  tagline: z.union([displayText(140), z.literal('')]).default(''),
  description: z.union([displayText(2_000), z.literal('')]).default(''),
  creator: displayText(60),
  creatorAccount: accountSchema.describe("the creator's account: contributions' metrics are folded per account"),
  goal: z.number().int('must be a whole amount').min(1).max(1_000_000_000),
  currency: currencySchema.optional().describe('ISO 4217 code of the money it raises, as pages show it; omitted, EUR'),
  endsAt: z
    .number()
    .int()
    .min(0)
    .max(8_640_000_000_000_000)
    .optional()
    .describe(
      'when the campaign ends, ms since the epoch (contributions are refused from then on); omitted, it never ends',
    ),
  art: z
    .strictObject({ motif: z.enum(ART_MOTIFS), colors: z.tuple([hexColor, hexColor, hexColor]) })
    .default(DEFAULT_ART),
  tiers: tiersSchema
    .optional()
    .describe(
      'reward tiers, replacing the saved ones (omitted, they are kept); a tier with pledges cannot be removed nor limited below them (409 tier_in_use)',
    ),
  listed: z
    .boolean()
    .default(true)
    .describe(
      "false keeps the project off the catalogue and its creator's page (a QA project, reached by its URL only); false on a listed project takes it off",
    ),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const CATALOGUE_PAGE = { default: 24, max: 100 } as const;

/**
 * A cursor's one spelling: `007.x` and `7.x` name one place to Redis (the position is read as a
 * number), so they must be one cache key and one render. For a cursor catalogueCursorSchema took.
 */
export const canonicalCursor = (cursor: string) => cursor.replace(/^0+(?=\d)/, '');

/** A project's place in the listing order: `<position>.<slug>`, as `after=` takes it. */
export const catalogueCursorSchema = z
  .string()
  .refine((cursor) => {
    const [, position, slug] = /^(\d{1,16})\.(.*)$/.exec(cursor) ?? [];
    return position !== undefined && slugSchema.safeParse(slug).success;
  }, 'not a catalogue cursor')
  .meta({
    pattern: '^[0-9]{1,16}\\.[a-z0-9-]{1,64}$',
    description:
      'the cursor of the last project of the previous page (from the `Link: rel="next"` header or the "More projects" link)',
  });

export const catalogueQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CATALOGUE_PAGE.max)
    .default(CATALOGUE_PAGE.default)
    .describe('projects per page'),
  after: catalogueCursorSchema.optional(),
  order: z
    .enum(['listing', 'ending'])
    .default('listing')
    .describe(
      "`ending`: the listed campaigns still open, the soonest end first (`after` is then the last one's `<endsAt>.<slug>`)",
    ),
});
