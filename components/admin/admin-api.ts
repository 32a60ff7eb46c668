import { adminProblem, type AdminProblem, type AdminRefusal } from './admin-errors';

/** A refusal as data (components/admin/admin-errors.ts): the console words it in the page's locale. */
export type AdminResult = { ok: true; body: unknown } | { ok: false; problem: AdminProblem };

/** Calls the HTTP API with the admin's bearer token. */
export async function adminFetch(
  token: string,
  path: string,
  init: { method: string; body?: unknown },
): Promise<AdminResult> {
  try {
    const response = await fetch(path, {
      method: init.method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await response.json().catch(() => null)) as AdminRefusal;
    if (response.ok) return { ok: true, body };
    return { ok: false, problem: adminProblem(response.status, body) };
  } catch {
    return { ok: false, problem: { field: null, key: 'unreachable' } };
  }
}

export function exampleImport(now: number) {
  const minutes = (n: number) => now - n * 60_000;
  return {
    events: [
      { kind: 'contribution', id: `import-${now}-1`, name: 'Imported backer', amount: 40, at: minutes(5) },
      { kind: 'contribution', id: `import-${now}-2`, name: 'Earlier backer', amount: 15, at: minutes(180) },
      {
        kind: 'news',
        id: `import-${now}-3`,
        title: 'Imported update from the old site',
        url: 'https://example.org/update',
        at: minutes(60),
      },
      { kind: 'contribution', id: `import-${now}-4`, name: 'Too old to show', amount: 10, at: minutes(60 * 30) },
    ],
  };
}
