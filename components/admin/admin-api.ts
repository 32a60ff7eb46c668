/** A refusal carries the API's `code` and dotted `field` (`tiers.1.minimum`), so a form can show it beside its field. */
export type AdminResult = { ok: true; body: unknown } | { ok: false; message: string; code?: string; field?: string };

/** Calls the HTTP API with the admin's bearer token; errors come back as the API's message. */
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
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string; code?: string; field?: string };
    } | null;
    if (response.ok) return { ok: true, body };
    return {
      ok: false,
      message: `${response.status}: ${body?.error?.message ?? response.statusText}`,
      code: body?.error?.code,
      field: body?.error?.field,
    };
  } catch {
    return { ok: false, message: 'Could not reach the server.' };
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
