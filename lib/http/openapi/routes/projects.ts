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
  slugSchema,
  timelineQuerySchema,
  unpublishedNewsSchema,
  writtenEventSchema,
} from '../../../live-events/schemas';
import { projectSchema } from '../../../projects/schemas';
import { IMPORT_BODY_BYTES } from '../../body';
import { IMPORT_MAX_EVENTS } from '../../../live-events/limits';
import { answers, defineRoutes } from '../contract';

const slug = z.object({ slug: slugSchema });
const slugAndId = z.object({ slug: slugSchema, id: eventIdSchema });
const written = (what: string) => ({
  201: { description: `${what} recorded`, json: writtenEventSchema },
  200: { description: 'this id was recorded already: nothing counted twice, the original time', json: writtenEventSchema },
});
/** A fixed past time: an import example stays valid (its events are simply too old to count). */
const PAST = Date.UTC(2026, 0, 1);

export const projectRoutes = defineRoutes('projects', [
  {
    method: 'get',
    path: '/api/projects',
    summary: 'The projects, in listing order',
    responses: answers(200, 'the catalogue', z.array(projectSchema)),
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/live',
    summary: "A project's live state",
    description: 'Contributions of the last 24 h, contributors of the last 30 min, news, viewers, the head of the activity feed; every item with its `at`, judged against `serverTime`.',
    params: slug,
    responses: answers(200, 'the snapshot', liveSnapshotSchema),
  },
  {
    method: 'get',
    path: '/api/projects/{slug}/timeline',
    summary: "A page of a project's activity feed, newest first",
    params: slug,
    query: timelineQuerySchema,
    responses: answers(200, 'a page; `nextCursor` reads the next', activityPageSchema),
  },
  {
    method: 'post',
    path: '/api/projects/{slug}/contributions',
    summary: 'Back a project',
    description: 'Send your own `id` to make a retry safe: the same id again is counted once.',
    access: 'write',
    params: slug,
    body: { schema: contributionInputSchema, example: { name: 'Ana', amount: 25 } },
    responses: written('the contribution'),
  },
  {
    method: 'delete',
    path: '/api/projects/{slug}/contributions/{id}',
    tag: 'admin',
    summary: 'Cancel a contribution',
    access: 'admin',
    params: slugAndId,
    responses: answers(200, 'cancelled; the count and total after it', cancelledContributionSchema),
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
          { kind: 'news', id: 'import-example-n1', title: 'Prototype shipped', url: 'https://example.org/news/prototype', at: PAST },
        ],
      },
    },
    responses: answers(200, 'how many were imported and skipped', importResultSchema),
  },
]);
