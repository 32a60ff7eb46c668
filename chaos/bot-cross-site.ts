import { closedByServer, rawUpgrade, type Upgrade } from '../tests/hostile/raw-upgrade';
import { BotHttp, Tally } from './bot-http';
import { isVisitorPair } from '../lib/visitors/cookie';

export type CrossSiteResult = { tries: number; refused: number; cookiesGiven: number; raisedBy: number };
export type RawSocketResult = { tries: number; held: number; refused: number; closedByServer: number };

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/**
 * What another site's page can make a visitor's browser send: a `<form>` or a no-cors fetch
 * (text/plain, its Origin and Sec-Fetch-Site), a contribution and a quiz start each, through
 * HAProxy. `raised` reads the project's total, before and after.
 */
export async function crossSiteWrites(
  baseURL: string,
  slug: string,
  raised: () => Promise<number>,
  localAddress: string,
  tries = 100,
): Promise<CrossSiteResult> {
  const before = await raised();
  const result = { tries: 0, refused: 0, cookiesGiven: 0, raisedBy: 0 };
  for (let n = 0; n < tries; n++) {
    const http = new BotHttp(baseURL, new Tally(), {
      localAddress,
      keepCookies: false,
      headers: n % 2 ? EVIL : { origin: EVIL.origin },
    });
    const path = n % 2 ? '/api/quiz/sessions' : `/api/projects/${slug}/contributions`;
    const answer = await http.send('POST', path, undefined, { 'content-type': 'text/plain' });
    result.tries++;
    if (answer.status === 403) result.refused++;
    if (answer.setCookies.some(isVisitorPair)) result.cookiesGiven++;
  }
  result.raisedBy = (await raised()) - before;
  return result;
}

/**
 * `tries` bare WebSocket upgrades to the Engine.IO endpoint through HAProxy, all at once from one
 * address, none ever joining a namespace: how many the app held (its per-address cap), and how
 * many of those it closed itself (its connect timeout) once they had waited.
 */
export async function rawSockets(baseURL: string, localAddress: string, tries = 300): Promise<RawSocketResult> {
  const upgrades = await Promise.all(
    Array.from({ length: tries }, () => rawUpgrade(baseURL, {}, localAddress).catch((): Upgrade => ({ status: 0 }))),
  );
  const held = upgrades.filter((upgrade) => upgrade.status === 101);
  const closes = await Promise.all(
    held.map((upgrade) =>
      closedByServer(upgrade).then(
        () => 1,
        () => 0,
      ),
    ),
  );
  held.forEach((upgrade) => upgrade.socket?.destroy());
  return {
    tries,
    held: held.length,
    refused: tries - held.length,
    closedByServer: closes.reduce<number>((sum, n) => sum + n, 0),
  };
}
