import { z } from 'zod';
import {
  cancelledContributionSchema,
  contributionInputSchema,
  eventIdSchema,
  importInputSchema,
  importResultSchema,
  liveSnapshotSchema,
  activityPageSchema,
  newsInputSchema,
  pledgeSchema,
  holdSchema,
  reconcileSchema,
  shareInputSchema,
  slugSchema,
  timelineQuerySchema,
  unpublishedNewsSchema,
  writtenEventSchema,
} from '../../../live-events/schemas';
import { catalogueQuerySchema, projectInputSchema, projectSchema, tierIdSchema } from '../../../projects/schemas';
import { IMPORT_BODY_BYTES } from '../../body';
import { IMPORT_MAX_EVENTS } from '../../../live-events/limits';
import { answers, defineRoutes } from '../contract';

const slug = z.object({ slug: slugSchema });
const slugAndId = z.object({ slug: slugSchema, id: eventIdSchema });
const slugAndTier = z.object({ slug: slugSchema, tier: tierIdSchema });
const holder =
  'The holder is the visitor (the signed `cp_vid` cookie): a request without one is given one (`Set-Cookie`), or a 429 when its address has asked for too many new ones.';
const written = (what: string) => ({
  201: { description: `${what} recorded`, json: writtenEventSchema },
  200: {
    description: 'this id was recorded already: nothing counted twice, the original time',
    json: writtenEventSchema,
  },
});
/** A fixed past time: an import example stays valid (its events are simply too old to count). */
const PAST = Date.UTC(2026, 0, 1);

export const projectRoutes = defineRoutes('projects', [
  {
    method: 'get',
    path: '/api/projects',
    summary: 'A page of the catalogue, in listing order',
    description:
      'At most `limit` projects after the cursor `after`. The next page, when there is one, is named by the `Link` header ' +
      '(`</api/projects?limit=24&after=…>; rel="next"`, as GitHub and Mastodon do); the last page has none. A cursor is a ' +
      "project's place, not an offset: projects listed while you page are never shown twice, and none listed before is skipped. " +
      "`raised` is the total copied onto the project's card by its creator's last fold (seconds behind); " +
      '`/api/projects/{slug}/live` has the exact one.',
    query: catalogueQuerySchema,
    responses: {
      200: {
        description: 'a page of the catalogue',
        json: z.array(projectSchema),
        headers: { Link: { description: 'the next page: `<url>; rel="next"` (RFC 8288); absent on the last page' } },
      },
    },
  },
  {
    method: 'put',
    path: '/api/projects/{slug}',
    tag: 'admin',
    summary: 'Create or update a project',
    description:
      'Creates the project (201, listed last, its total at 0) or updates its fields (200, its total and place kept). ' +
      'Idempotent: the same body again changes nothing.',
    access: 'admin',
    params: slug,
    body: {
      schema: projectInputSchema,
      example: {
        title: 'Night Market Radio',
        tagline: 'A pop-up radio station for street markets',
        creator: 'Noor Haddad',
        creatorAccount: 'account_noor',
        goal: 12_000,
        art: { motif: 'sunrise', colors: ['#1e1b4b', '#db2777', '#fde68a'] },
      },
    },
    responses: {
      201: { description: 'created', json: projectSchema },
      200: { description: 'updated; its total is untouched', json: projectSchema },
    },
    errors: {
      409: '`tier_in_use`: the save drops a tier that has pledges, or limits it below them (`tier` beside the error): nothing saved',
    },
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/live',
    summary: "A project's live state",
    description:
      'Contributions of the last 24 h, contributors of the last 30 min, news, viewers, the head of the activity timeline; every item with its `at`, judged against `serverTime`.',
    params: slug,
    responses: answers(200, 'the snapshot', liveSnapshotSchema),
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/timeline',
    summary: "A page of a project's activity timeline, newest first",
    params: slug,
    query: timelineQuerySchema,
    responses: answers(200, 'a page; `nextCursor` reads the next', activityPageSchema),
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/contributions',
    summary: 'Back a project',
    description:
      'Send your own `id` to make a retry safe: the ledger keeps every pledge for the life of the project, so the same id again, at any time, ' +
      'answers 200 with the original pledge and changes nothing. A visitor (the signed cookie) backing twice is one backer; a name never makes one: a request without a cookie is given one (`Set-Cookie`), or a 429 when its address has asked for too many new ones. ' +
      'A pledge naming a tier the visitor holds (POST …/tiers/{tier}/hold) consumes the hold.',
    access: 'write',
    params: slug,
    body: { schema: contributionInputSchema, example: { name: 'Ana', amount: 25 } },
    responses: {
      201: { description: 'the pledge recorded', json: pledgeSchema },
      200: { description: 'the ledger holds this id: the original pledge, nothing written', json: pledgeSchema },
    },
    errors: {
      409: "`campaign_ended`: the project's `endsAt` has passed (on Redis' clock, decided in the same script as the write, for any id the ledger does not hold): nothing written",
    },
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/tiers/{tier}/hold',
    summary: 'Hold a place of a limited tier while finishing the form',
    description:
      `${holder} One hold per visitor per tier: asked again, the same hold (200). It lapses by itself at \`expiresAt\` (HOLD_MS, 10 minutes by default): ` +
      "every open page drops it then, with no request. `/live` counts it in the tier's `held`.",
    access: 'write',
    params: slugAndTier,
    responses: {
      ...answers(201, 'held', holdSchema),
      ...answers(200, "the visitor's standing hold", holdSchema),
    },
    errors: {
      400: 'field `tier`: the tier has no limit (nothing to hold)',
      404: 'no such project or tier',
      409: '`tier_sold_out`: claimed and held places reach its limit; `campaign_ended` after the end',
    },
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/tiers/{tier}/hold',
    summary: "Give a hold's place back",
    description: `The holder is the visitor (the signed \`cp_vid\` cookie). Idempotent: 204 whether or not a hold stood.`,
    access: 'write',
    params: slugAndTier,
    responses: { 204: { description: 'no hold stands (any more)', content: [] } },
    errors: { 404: 'no such project or tier' },
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/contributions/{id}',
    tag: 'admin',
    summary: 'Cancel a contribution',
    access: 'admin',
    params: slugAndId,
    responses: answers(
      200,
      'cancelled; the count and totals after it (a second cancel is a 404)',
      cancelledContributionSchema,
    ),
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/reconcile',
    tag: 'admin',
    summary: "Check a project's totals against its ledger",
    description:
      'Sums the ledger page by page (HSCAN) and compares it with `raised` and `backers`; a pledge landing during the sum starts it again.',
    access: 'admin',
    params: slug,
    responses: answers(200, 'the totals, the ledger sums, and whether they agree', reconcileSchema),
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/shares',
    summary: 'Count a share of the project',
    description:
      "What the page's Share button sends once the link was shared or copied: the `shares` live kind, counted over WINDOW_SHARES_MS (24 h). The same `id` again is counted once.",
    access: 'write',
    params: slug,
    body: { schema: shareInputSchema, example: {} },
    responses: written('the share'),
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/news',
    tag: 'admin',
    summary: 'Publish news',
    access: 'admin',
    params: slug,
    body: { schema: newsInputSchema, example: { title: 'We reached 50 %', url: 'https://example.org/news/halfway' } },
    responses: written('the news'),
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/news/{id}',
    tag: 'admin',
    summary: 'Unpublish news',
    access: 'admin',
    params: slugAndId,
    responses: answers(200, 'unpublished', unpublishedNewsSchema),
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/import',
    tag: 'admin',
    summary: 'Import past events with their own times',
    description: `At most ${IMPORT_MAX_EVENTS.toLocaleString('en')} events in a body of at most ${IMPORT_BODY_BYTES / 1024 / 1024} MiB (this route's own limit; others take 64 KiB), which any ${IMPORT_MAX_EVENTS.toLocaleString('en')} valid events fit; more events is a 400 naming \`events\`, a bigger body a 413. Events already expired in every window, and known ids, are skipped.`,
    access: 'admin',
    params: slug,
    body: {
      schema: importInputSchema,
      maxBytes: IMPORT_BODY_BYTES,
      example: {
        events: [
          { kind: 'contribution', id: 'import-example-c1', name: 'Kim Min-jun', amount: 40, at: PAST },
          {
            kind: 'news',
            id: 'import-example-n1',
            title: 'Prototype shipped',
            url: 'https://example.org/news/prototype',
            at: PAST,
          },
        ],
      },
    },
    responses: answers(200, 'how many were imported and skipped', importResultSchema),
  },
]);
