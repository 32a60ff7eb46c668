import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../lib/http/openapi/json-schema';
import { readPlayerStanding, readTop } from '../../lib/leaderboard';
import { playerStandingSchema, rankedEntrySchema } from '../../lib/leaderboard/schemas';
import {
  cancelContribution,
  importEvents,
  joinProject,
  publishNews,
  readLiveSnapshot,
  recordContribution,
  recordEvent,
  unpublishNews,
} from '../../lib/live-events';
import { HOUR, KINDS, windowsOf, type KindDescriptor } from '../../lib/live-events/kinds';
import { readActivity } from '../../lib/live-events/activity';
import {
  activityPageSchema,
  holdSchema,
  importResultSchema,
  liveChangeSchema,
  liveSnapshotSchema,
  writtenEventSchema,
} from '../../lib/live-events/schemas';
import { readCataloguePage } from '../../lib/projects/catalogue';
import { projectSchema } from '../../lib/projects/schemas';
import { answerQuestion, resumeSession, startSession, submitSession } from '../../lib/quiz';
import {
  answerResultSchema,
  resumedSessionSchema,
  startedSessionSchema,
  submitResultSchema,
  submittedSessionSchema,
  submittedStandingSchema,
} from '../../lib/quiz/schemas';
import { ConflictError } from '../../lib/errors';
import type { RedisClient } from '../../lib/redis/client';
import { boardContext } from '../leaderboard/support';
import { holdPlace, releaseHold } from '../../lib/live-events/holds';
import { saveProject } from '../../lib/projects/save';
import { sampleProject } from '../sample-project';
import { connect, createProject, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';
import { compile } from './validator';

/**
 * What lib/ hands the routes and the sockets, as the integration suite meets it, parsed strictly
 * by the JSON Schemas the OpenAPI and socket documents carry (no extra field anywhere): a drift
 * fails here, on both topologies, before any HTTP test runs.
 */
function strictly(schema: z.ZodType, value: unknown) {
  const validate = compile(jsonSchemaOf(schema, 'output'));
  expect(validate(JSON.parse(JSON.stringify(value))), JSON.stringify(validate.errors)).toBe(true);
}

/** The `type` of every shape a union of objects declares. */
const typesOf = (schema: z.ZodType): string[] =>
  'options' in schema
    ? (schema.options as z.ZodType[]).flatMap(typesOf)
    : [String((schema as z.ZodObject<{ type: z.ZodLiteral<string> }>).shape.type.value)];

/** A counter kind declared here alone: its write publishes `event-recorded`. */
const comments = {
  name: 'comments',
  shape: 'counter',
  windowMs: HOUR,
  env: 'WINDOW_COMMENTS_MS',
  carries: {},
  details: 'comment-details',
  snapshotLimit: 5,
} as const satisfies KindDescriptor;

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('answers match their documented schemas', () => {
  it('live events: writes, the snapshot, the feed, the published changes', async () => {
    const ctx = liveContext(redis, testClock());
    const slug = uniqueSlug();
    await saveProject(
      { ...sampleProject(slug), tiers: [{ id: 'vinyl', title: 'Vinyl', description: '', minimum: 5, limit: 3 }] },
      0,
      redis,
    );
    const changes = await listenToChanges(redis, slug);
    strictly(
      holdSchema,
      await holdPlace(slug, 'vinyl', 'contract-visitor', ctx).then(({ tier, expiresAt }) => ({ tier, expiresAt })),
    );
    const recorded = await recordContribution(slug, { name: '김민준', amount: 12 }, ctx);
    strictly(writtenEventSchema, { id: recorded.id, at: recorded.at });
    await publishNews(slug, { title: 'News', url: 'https://example.org/n' }, ctx);
    await cancelContribution(slug, recorded.id, ctx);
    strictly(
      importResultSchema,
      await importEvents(slug, [{ kind: 'contribution', id: 'imp-1', name: 'ليلى', amount: 3, at: ctx.now() }], ctx),
    );
    strictly(liveSnapshotSchema, await readLiveSnapshot(slug, ctx));
    await releaseHold(slug, 'vinyl', 'contract-visitor', ctx);
    strictly(activityPageSchema, await readActivity(slug, { limit: 10 }, ctx));
    const news = await publishNews(slug, { title: 'Gone', url: 'https://example.org/g' }, ctx);
    await unpublishNews(slug, news.id, ctx);
    await recordEvent(
      slug,
      [comments],
      { id: 'c-1' },
      { ...ctx, windows: windowsOf([...KINDS, comments]), kinds: [...KINDS, comments] },
    );
    await joinProject(slug, { visitorId: 'v-1', tabId: 't-1' }, ctx);
    const published = await changes.takeChanges();
    for (const change of published) strictly(liveChangeSchema, change);
    // Every shape the Lua side publishes, met at least once; `expiring-times` is the instance's own push.
    expect(new Set(published.map((change) => change.type))).toEqual(
      new Set(typesOf(liveChangeSchema).filter((type) => type !== 'expiring-times')),
    );
    await changes.close();
  });

  it('projects, the quiz and the board', async () => {
    await createProject(redis);
    for (const project of (await readCataloguePage({ limit: 100 }, redis)).projects) strictly(projectSchema, project);
    const ctx = boardContext(redis);
    const session = await startSession('contract-player', ctx);
    strictly(startedSessionSchema, session);
    strictly(answerResultSchema, await answerQuestion(session.id, { questionId: session.question.id, choice: 0 }, ctx));
    strictly(resumedSessionSchema, await resumeSession(session.id, ctx));
    strictly(submitResultSchema, await submitSession(session.id, 'Contract', 'contract-player', ctx));
    const refused: unknown = await submitSession(session.id, 'Contract', 'contract-player', ctx).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConflictError);
    strictly(submittedStandingSchema, (refused as ConflictError).details);
    const reloaded: unknown = await resumeSession(session.id, ctx).catch((error: unknown) => error);
    expect(reloaded).toBeInstanceOf(ConflictError);
    strictly(submittedSessionSchema, (reloaded as ConflictError).details);
    for (const entry of (await readTop(10, ctx)).entries) strictly(rankedEntrySchema, entry);
    strictly(playerStandingSchema, await readPlayerStanding('contract-player', ctx));
    strictly(playerStandingSchema, await readPlayerStanding('nobody', ctx));
  });
});
