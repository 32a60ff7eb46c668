import { io } from 'socket.io-client';
import { openApiDocument } from '../lib/http/openapi/document';
import { ROUTES } from '../lib/http/openapi/routes';
import { socketEventsDocument } from '../lib/http/openapi/socket-events';
import { compile } from '../tests/contract/validator';
import { watchViolations } from './support/csp';
import { expect, test } from './support/fixtures';
import type { PublicQuestion } from '../lib/quiz/types';
import { answerQuiz, startQuiz } from './support/quiz';

test('the served documents are the generated ones', async ({ request }) => {
  expect(await (await request.get('/api/openapi.json')).json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  expect(await (await request.get('/api/socket-events.json')).json()).toEqual(
    JSON.parse(JSON.stringify(socketEventsDocument())),
  );
});

test('every documented request example is accepted by the live API', async ({ request, slug, admin }) => {
  /**
   * A session that has revealed the question an example answers: sessions draw 10 of the bank at
   * random and reveal them one at a time, so play on (choice 0) until it is the one open.
   */
  const sessionWith = async (questionId: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const session = await startQuiz(request);
      let question: PublicQuestion | null = session.question;
      while (question && question.id !== questionId)
        question = (await answerQuiz(request, session.id, question, 0)).next;
      if (question) return session.id;
    }
    throw new Error(`no session drew ${questionId}`);
  };
  for (const route of ROUTES.filter((r) => r.body)) {
    const example = route.body!.example as Record<string, unknown>;
    const id = route.path.includes('/quiz/sessions/{id}/answers')
      ? await sessionWith(String(example.questionId))
      : route.path.includes('/quiz/sessions/{id}')
        ? (await startQuiz(request)).id
        : undefined;
    const url = route.path.replace('{slug}', slug).replace('{id}', id ?? '');
    // A body naming a project (POST /api/follows) names this test's.
    const data = 'slug' in example ? { ...example, slug } : example;
    const response = await request.fetch(url, {
      method: route.method.toUpperCase(),
      data,
      ...(route.access === 'admin' ? admin : {}),
    });
    expect(response.status(), `${route.method} ${route.path}: ${await response.text()}`).toBeLessThan(300);
  }
});

test('the reference page renders every route from this server alone, with no request elsewhere, under its own policy with no CSP violation', async ({
  page,
  baseURL,
}) => {
  const violations = await watchViolations(page);
  const elsewhere: string[] = [];
  await page.route(
    (url) => url.origin !== new URL(baseURL!).origin,
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  const response = await page.goto('/api/docs');
  expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'; style-src/);
  // Swagger UI renders the whole document in the browser: seconds on a loaded 2-core machine.
  await expect(page.getByRole('heading', { name: /crowdpulse/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock')).toHaveCount(ROUTES.length);
  await expect(page.getByText('/api/projects/{slug}/contributions', { exact: true })).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});

test('socket payloads and acknowledgements match /api/socket-events.json', async ({ baseURL, request, slug }) => {
  const events = socketEventsDocument() as {
    serverToClient: { name: string; payload: object }[];
    clientToServer: { name: string; ack: object }[];
  };
  const violations: string[] = [];
  const check = (what: string, schema: object | undefined, value: unknown) => {
    const validate = compile(schema!);
    if (!validate(value)) violations.push(`${what}: ${JSON.stringify(validate.errors)}`);
  };
  const payloadSchema = (name: string) => events.serverToClient.find((event) => event.name === name)?.payload;
  const ackSchema = (name: string) => events.clientToServer.find((event) => event.name === name)?.ack;

  const socket = io(baseURL!, { transports: ['websocket'] });
  const seen = new Set<string>();
  socket.onAny((name: string, payload: unknown) => {
    seen.add(name);
    check(name, payloadSchema(name), payload);
  });
  const ack = (name: string, ...args: unknown[]) =>
    new Promise<void>((resolve) =>
      socket.emit(name, ...args, (reply: unknown) => resolve(check(`${name} ack`, ackSchema(name), reply))),
    );

  await ack('project:watch', { slug, visitorId: 'contract-visitor' });
  await ack('project:watch', { slug: 'Not A Slug', visitorId: 'contract-visitor' });
  await ack('leaderboard:watch');
  await ack('ops:watch');
  await ack('creator:watch', { account: 'no-such-account' });
  await request.post(`/api/projects/${slug}/contributions`, { data: { name: 'Contract', amount: 7 } });
  await expect.poll(() => [...seen].sort()).toEqual(expect.arrayContaining(['live:change', 'server:status']));
  socket.disconnect();
  expect(violations).toEqual([]);
});
