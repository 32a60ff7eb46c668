import { expect, postContribution, test } from './support/fixtures';
import { IMPORT_BODY_BYTES } from '../lib/http/body';

test('bad bodies get a 400 naming the field, and nothing is written', async ({ request, slug }) => {
  const cases: [object, string][] = [
    [{ name: '', amount: 10 }, 'name'],
    [{ name: 'x'.repeat(41), amount: 10 }, 'name'],
    [{ name: 'bell\u0007', amount: 10 }, 'name'],
    [{ name: 'Ana', amount: 2.5 }, 'amount'],
    [{ name: 'Ana', amount: -3 }, 'amount'],
    [{ name: 'Ana' }, 'amount'],
    [{ id: 'no spaces allowed', name: 'Ana', amount: 3 }, 'id'],
  ];
  for (const [body, field] of cases) {
    const response = await postContribution(request, slug, body);
    expect(response.status(), JSON.stringify(body)).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'invalid_input', field });
  }
  const notJson = await request.post(`/api/projects/${slug}/contributions`, {
    data: '{oops',
    headers: { 'Content-Type': 'application/json' },
  });
  expect(notJson.status()).toBe(400);
  const live = await (await request.get(`/api/projects/${slug}/live`)).json();
  expect(live.contributions.count).toBe(0);
});

test('unknown projects are 404, admin routes need the token, big bodies are 413', async ({ request, slug, admin }) => {
  expect((await postContribution(request, 'no-such-project', { name: 'Ana', amount: 5 })).status()).toBe(404);
  expect((await request.get('/api/projects/no-such-project/live')).status()).toBe(404);

  const news = { title: 'Hello', url: 'https://example.org/hello' };
  expect((await request.post(`/api/projects/${slug}/news`, { data: news })).status()).toBe(401);
  const wrong = await request.post(`/api/projects/${slug}/news`, {
    data: news,
    headers: { Authorization: 'Bearer wrong' },
  });
  expect(wrong.status()).toBe(401);
  expect((await request.post(`/api/projects/${slug}/news`, { data: news, ...admin })).status()).toBe(201);
  const script = await request.post(`/api/projects/${slug}/news`, {
    data: { ...news, url: 'javascript:alert(1)' },
    ...admin,
  });
  expect((await script.json()).error.field).toBe('url');

  // Every route takes at most 64 KiB, but the import, which takes up to 1,000 events in 4 MiB.
  const bigNews = await request.post(`/api/projects/${slug}/news`, {
    data: { ...news, url: 'https://example.org/' + 'a'.repeat(70_000) },
    ...admin,
  });
  expect(bigNews.status()).toBe(413);
  const huge = await request.post(`/api/projects/${slug}/import`, {
    data: {
      events: [
        {
          kind: 'news',
          id: 'big',
          title: 'x',
          url: 'https://example.org/' + 'a'.repeat(IMPORT_BODY_BYTES),
          at: Date.now(),
        },
      ],
    },
    ...admin,
  });
  expect(huge.status()).toBe(413);
  expect((await request.delete(`/api/projects/${slug}/contributions/never-existed`, admin)).status()).toBe(404);
});
