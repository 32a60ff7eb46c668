import { isVisitorPair } from './cookie';

/**
 * For HTTP clients of the app (the chaos loader, the benches): the `cp_vid=…` pair a page load
 * gives a new visitor, to send as its Cookie on the quiz's writes (a submit needs one: one player
 * per cookie). Undefined when the page set none (the address asked for too many).
 */
export async function fetchVisitorCookie(baseURL: string): Promise<string | undefined> {
  const response = await fetch(`${baseURL}/`, {
    headers: { accept: 'text/html' },
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find(isVisitorPair);
}
