import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { coveredCodePoints } from './font-coverage';
import { PREVIEW_SIZE, ProjectPreview, type PreviewFacts } from './ProjectPreview';

type Drawn = { etag: string; png: ArrayBuffer; drawnAt: number };

/** Drawn images by project: the last one, so a crawler's fetch after the first costs no drawing. */
const drawn = new Map<string, Drawn>();
const drawing = new Map<string, Promise<Drawn>>();
const KEPT = 500;
const drawCount = { value: 0 };
/** Previews drawn by this process so far: what the bench and the tests count. */
export const previewsDrawn = () => drawCount.value;

/**
 * A project's preview is drawn again at most this often, whatever its writes: each contribution
 * changes `raised`, and a redraw costs ~70 ms of CPU. Crawlers keep it as long (CACHE_CONTROL).
 */
export const PREVIEW_REDRAW_MS = 60_000;

/**
 * A crawler may cache a preview for a minute; the URL stays the same across versions (Next names
 * it after the file), so it must not be kept for ever, as next/og would say by default.
 */
const CACHE_CONTROL = 'public, max-age=60';

/** next/og's own font, shipped in node_modules (the server runs from the project's root). */
const FONT_FILE = path.join(process.cwd(), 'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf');
let shipped: { data: Buffer; covers: (codePoint: number) => boolean } | undefined;
const font = () => {
  if (!shipped) {
    const data = readFileSync(FONT_FILE);
    shipped = { data, covers: coveredCodePoints(data) };
  }
  return shipped;
};

/**
 * next/og fetches what its font lacks at run time (an emoji's picture from a CDN, CJK or Arabic
 * from Google Fonts): no request may leave the server, so a character the shipped font lacks is
 * drawn as FALLBACK, an emoji (and its joiners and modifiers) not at all.
 */
const FALLBACK = '?';
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]/gu;
export function drawable(text: string): string {
  const { covers } = font();
  const kept = [...text.replace(EMOJI, '')].map((char) => (/\s/.test(char) || covers(char.codePointAt(0)!) ? char : FALLBACK));
  return kept.join('').trim();
}
const drawableFacts = (facts: PreviewFacts): PreviewFacts => ({ ...facts, title: drawable(facts.title), creator: drawable(facts.creator) });

async function draw(facts: PreviewFacts, etag: string, now: number): Promise<Drawn> {
  drawCount.value++;
  const fonts = [{ name: 'Geist', data: font().data, weight: 400 as const, style: 'normal' as const }];
  const png = await new ImageResponse(<ProjectPreview {...drawableFacts(facts)} />, { ...PREVIEW_SIZE, fonts }).arrayBuffer();
  return { etag, png, drawnAt: now };
}

/**
 * The project's preview PNG, with an ETag of the facts it shows: drawn again when they read
 * otherwise, but at most once per PREVIEW_REDRAW_MS per project on this instance (Satori and
 * resvg cost tens of milliseconds of CPU), and once at a time.
 */
export async function previewResponse(slug: string, facts: PreviewFacts, now = Date.now()): Promise<Response> {
  const etag = `"${createHash('sha1').update(JSON.stringify(facts)).digest('base64url')}"`;
  let image = drawn.get(slug);
  if (!image || (image.etag !== etag && now - image.drawnAt >= PREVIEW_REDRAW_MS)) {
    let pending = drawing.get(slug);
    if (!pending) {
      drawing.set(slug, (pending = draw(facts, etag, now).finally(() => drawing.delete(slug))));
    }
    image = await pending;
    drawn.delete(slug);
    drawn.set(slug, image);
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return new Response(image.png, { headers: { 'content-type': 'image/png', 'cache-control': CACHE_CONTROL, etag: image.etag } });
}
