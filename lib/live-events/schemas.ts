import { z } from 'zod';
import { because } from '../input-reason';
import { displayText, tierIdSchema } from '../projects/schemas';
import { BUILT_IN_KINDS, isBuiltIn, KINDS, type Carries, type KindDescriptor, type KindName } from './kinds';
import { ACTIVITY_PAGE, IMPORT_MAX_EVENTS } from './limits';

export { displayText, slugSchema } from '../projects/schemas';
export const eventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids are 1 to 64 of A-Z a-z 0-9 _ -');
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a visitor id');

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http(s) URL',
    ...because('format'),
  })
  .meta({ format: 'uri', pattern: '^https?://', description: 'an http(s) URL' });

export const contributionInputSchema = z.object({
  id: eventIdSchema.optional(),
  name: displayText(40),
  amount: z.number().int('must be a whole amount').min(1).max(1_000_000),
  tier: tierIdSchema
    .optional()
    .describe("a reward tier's id: at least its minimum; 409 tier_sold_out when no place is left"),
});
export type ContributionInput = z.infer<typeof contributionInputSchema>;

export const shareInputSchema = z.strictObject({ id: eventIdSchema.optional() });

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
  .refine((at) => at <= Date.now() + 60_000, { message: 'must not be in the future', ...because('future') });

export const importInputSchema = z.object({
  events: z
    .array(
      z.discriminatedUnion('kind', [
        contributionInputSchema
          .omit({ tier: true })
          .extend({ kind: z.literal('contribution'), id: eventIdSchema, at: pastTime }),
        newsInputSchema.extend({ kind: z.literal('news'), id: eventIdSchema, at: pastTime }),
      ]),
    )
    .min(1)
    .max(IMPORT_MAX_EVENTS),
});
export type ImportInput = z.infer<typeof importInputSchema>;

// What the API and the sockets answer. The types in types.ts are inferred from these, and the
// OpenAPI document and the socket events' reference are generated from them.

const ms = z.number().int().describe('milliseconds since the epoch, on the server clock');

// A kind added to KINDS may be missing from windows and snapshots written before it (and from
// test fixtures): its part is optional, and readers take its defaults (client-state.ts).
export const windowsSchema = z
  .object(
    Object.fromEntries(
      KINDS.map((kind) => [kind.name, isBuiltIn(kind) ? z.number().int() : z.number().int().optional()]),
    ) as Record<KindName, z.ZodNumber>,
  )
  .describe('how long each kind of live event stays, in ms');

// Each kind's part of the snapshot follows from its shape (kinds.ts).
const counterSchema = z.object({
  count: z.number().int(),
  expiring: z.array(ms).describe('the oldest times, ascending'),
  expiringComplete: z.boolean().describe('false when `expiring` was cut short'),
});
const presenceSchema = z.object({ count: z.number().int() });

type CarriedSchemas<C extends Carries> = { [Field in keyof C]: C[Field] extends 'int' ? z.ZodNumber : z.ZodString };
const carried = <C extends Carries>(carries: C) =>
  Object.fromEntries(
    Object.entries(carries).map(([field, type]) => [field, type === 'int' ? z.number().int() : z.string()]),
  ) as CarriedSchemas<C>;

/** A member of a list kind: its id, what it carries, its time. */
export const memberSchema = <Kind extends KindDescriptor>(kind: Kind) =>
  z.object({ id: z.string(), ...carried(kind.carries as Kind['carries']), at: ms });

type KindSchema<Kind extends KindDescriptor> = Kind extends { shape: 'counter' }
  ? typeof counterSchema
  : Kind extends { shape: 'list' }
    ? z.ZodArray<ReturnType<typeof memberSchema<Kind>>>
    : typeof presenceSchema;

const kindSchema = (kind: KindDescriptor) =>
  kind.shape === 'counter' ? counterSchema : kind.shape === 'list' ? z.array(memberSchema(kind)) : presenceSchema;

const kindSchemas = <const Kinds extends readonly KindDescriptor[]>(kinds: Kinds) =>
  Object.fromEntries(
    kinds.map((kind) => [kind.name, isBuiltIn(kind) ? kindSchema(kind) : kindSchema(kind).optional()]),
  ) as {
    [Kind in Kinds[number] as Kind['name']]: KindSchema<Kind>;
  };
type AddedKind = Exclude<(typeof KINDS)[number], (typeof BUILT_IN_KINDS)[number]>;
const addedKindSchemas = kindSchemas(KINDS) as unknown as {
  [Kind in AddedKind as Kind['name']]: z.ZodOptional<KindSchema<Kind>>;
};

const [, contributorsKind, newsKind] = KINDS;
export const contributorSchema = memberSchema(contributorsKind);
export const newsItemSchema = memberSchema(newsKind);

export const activityEntrySchema = z
  .discriminatedUnion('kind', [
    contributorSchema.extend({ seq: z.number().int(), kind: z.literal('contribution') }),
    newsItemSchema.extend({ seq: z.number().int(), kind: z.literal('news') }),
  ])
  .describe('an activity timeline entry; `seq` is the order it arrived in and the cursor pages are read before');

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.number().int().nullable().describe('the `before` of the next page; null at the end'),
});

export const liveSnapshotSchema = z.object({
  slug: z.string(),
  serverTime: ms,
  windows: windowsSchema,
  version: z.number().int().describe('the version of the last change published before this snapshot was read'),
  raised: z.number().int(),
  backers: z
    .number()
    .int()
    .optional()
    .describe('how many people have a pledge standing (a visitor backing twice counts once)'),
  goal: z.number().int(),
  endsAt: ms.nullable().describe("the campaign's end; null when it never ends"),
  ended: z.boolean().describe('whether `endsAt` has passed at `serverTime`'),
  outcome: z
    .enum(['funded', 'not_funded'])
    .nullable()
    .describe('once ended: whether `raised` reached `goal`; null while open'),
  tiers: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string(),
        minimum: z.number().int(),
        limit: z.number().int().nullable(),
        claimed: z.number().int().describe('pledges standing on it'),
        held: z.number().int().describe('places held by visitors finishing the form (POST …/tiers/:tier/hold)'),
        holds: z
          .array(ms)
          .describe(
            "the standing holds' expiry times on the server's clock, soonest first: a page drops each at its time by itself",
          ),
        left: z.number().int().nullable().describe('places left (limit - claimed - held); null when unlimited'),
      }),
    )
    .describe('the reward tiers, as pledged now'),
  ...kindSchemas(BUILT_IN_KINDS),
  ...addedKindSchemas,
  activity: activityPageSchema,
});

const versioned = { slug: z.string(), version: z.number().int() };
const tierPlaces = {
  id: z.string(),
  claimed: z.number().int(),
  held: z.number().int().optional().describe('its standing holds (a limited tier)'),
  holds: z.array(ms).optional().describe('their expiry times, soonest first; omitted when `held` is 0'),
};
const tierClaimedSchema = z
  .object(tierPlaces)
  .optional()
  .describe("the pledge's tier and its places claimed now (and held, when limited)");
/** Sockets get each item once: its activity entry is the item itself with `seq` = the change's version. */
const pushedEntry = activityEntrySchema
  .optional()
  .describe('omitted on socket pushes: the item with seq = version and its kind');
export const versionedChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('contribution-recorded'),
    ...versioned,
    contribution: contributorSchema,
    count: z.number().int(),
    raised: z.number().int(),
    backers: z.number().int().optional().describe('backers with a pledge standing, this contribution included'),
    tier: tierClaimedSchema,
    activity: pushedEntry,
  }),
  z.object({
    type: z.literal('contribution-cancelled'),
    ...versioned,
    id: z.string(),
    at: ms,
    counted: z.boolean().describe('whether it was still in the contributions window'),
    count: z.number().int(),
    raised: z.number().int(),
    backers: z.number().int().optional().describe('backers with a pledge standing, after the cancellation'),
    tier: tierClaimedSchema,
    activitySeq: z.number().int().optional().describe('its activity entry, taken off the timeline'),
  }),
  z.object({
    type: z.literal('tier-holds'),
    ...versioned,
    tier: z.object(tierPlaces).describe("a hold made or given back: the tier's places now"),
  }),
  z.object({ type: z.literal('news-published'), ...versioned, news: newsItemSchema, activity: pushedEntry }),
  z.object({
    type: z.literal('news-unpublished'),
    ...versioned,
    id: z.string(),
    activitySeq: z.number().int().optional(),
  }),
  z.object({ type: z.literal('events-imported'), ...versioned }),
  z.object({
    type: z.literal('event-recorded'),
    ...versioned,
    kinds: z
      .array(z.string())
      .describe('the kinds this write fed (recordEvent): a kind declared in lib/live-events/kinds.ts alone'),
    member: z.looseObject({ id: z.string(), at: ms }).describe('the member, with what its kinds carry'),
    counts: z.record(z.string(), z.number().int()).describe("each counter kind's count after the write"),
  }),
]);
export const expiringTimesSchema = z
  .object({
    type: z.literal('expiring-times'),
    kind: z
      .string()
      .optional()
      .describe('the counter kind these times are of (lib/live-events/kinds.ts); contributions when omitted'),
    slug: z.string(),
    version: z.number().int().describe('the version these were read at'),
    serverTime: ms,
    count: z.number().int().describe("the kind's members in the window at serverTime"),
    expiring: z.array(ms).describe("the kind's oldest times at serverTime, ascending"),
    expiringComplete: z.boolean(),
  })
  .describe(
    "the next times of a counter kind (contributions unless `kind` says otherwise) to count down, pushed by the instance before the pages' known times run out",
  );

export const liveChangeSchema = z.union([
  versionedChangeSchema,
  z.object({ type: z.literal('visitors-changed'), slug: z.string(), count: z.number().int() }),
  expiringTimesSchema,
]);

export const liveBatchSchema = z
  .object({ slug: z.string(), changes: z.array(liveChangeSchema).min(2) })
  .describe("a hot project's changes since its last frame, in version order, in one frame");

export const writtenEventSchema = z.object({ id: z.string(), at: ms });
export const importResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export const cancelledContributionSchema = z.object({
  id: z.string(),
  cancelled: z.literal(true),
  count: z.number().int(),
  raised: z.number().int(),
  backers: z.number().int().describe('backers with a pledge standing, after the cancellation'),
});
export const pledgeSchema = z
  .object({ id: z.string(), at: ms, amount: z.number().int(), cancelled: z.boolean() })
  .describe("a pledge as the ledger keeps it: a repeat of its id answers the original's");
export const holdSchema = z
  .object({ tier: z.string(), expiresAt: ms.describe("when the hold lapses by itself, on the server's clock") })
  .describe(
    'a place of a limited tier kept for this visitor while they finish the form; their pledge on the tier consumes it',
  );
export const reconcileSchema = z.object({
  raised: z.number().int(),
  backers: z.number().int(),
  ledger: z.object({
    opening: z.number().int().describe('the total the project was created with, before any pledge'),
    sum: z.number().int().describe('opening + the amounts of the pledges standing'),
    pledges: z.number().int().describe('pledges standing'),
    backers: z.number().int().describe('distinct backers of the pledges standing'),
  }),
  consistent: z.boolean().describe('raised = ledger.sum and backers = ledger.backers'),
});
export const unpublishedNewsSchema = z.object({ id: z.string(), unpublished: z.literal(true) });

export const timelineQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACTIVITY_PAGE.max)
    .default(ACTIVITY_PAGE.default)
    .describe('entries per page'),
  before: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('a `seq` from `nextCursor`: the page of entries older than it'),
});
