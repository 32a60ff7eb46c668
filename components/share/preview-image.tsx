import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { withoutBidiControls } from '@/lib/previews/bidi';
import type { PreviewText } from '@/lib/previews/text';
import { coveredCodePoints } from './font-coverage';
import { PREVIEW_SIZE, ProjectPreview } from './ProjectPreview';
import { sfntOfWoff } from './woff';

type Drawn = { etag: string; png: ArrayBuffer; drawnAt: number };

/** Drawn images by project and locale: the last one, so a crawler's fetch after the first costs no drawing. */
const drawn = new Map<string, Drawn>();
const drawing = new Map<string, Promise<Drawn>>();
const KEPT = 500;
const drawCount = { value: 0 };
const withoutArabic = { value: 0 };
/** Previews drawn without their Arabic letters, as Satori's font reader threw: none while the pinned font is read. */
export const previewsDrawnWithoutArabic = () => withoutArabic.value;
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

/**
 * next/og's own font (Latin), and Noto Sans Arabic (OFL-1.1, THIRD_PARTY_NOTICES.md) for Arabic,
 * both shipped in node_modules (the server runs from the project's root). Noto Sans Arabic is
 * pinned to 5.0.12: from 5.1 its ligature table uses a lookup format Satori's font reader throws on.
 */
const FONT_FILES = [
  { name: 'Geist', file: 'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf' },
  {
    name: 'Noto Sans Arabic',
    file: 'node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  },
] as const;
type Shipped = {
  fonts: Array<{ name: string; data: Buffer; weight: 400; style: 'normal' }>;
  covers: (codePoint: number) => boolean;
};
let shipped: Shipped | undefined;
const font = (): Shipped => {
  if (!shipped) {
    const fonts = FONT_FILES.map(({ name, file }) => ({
      name,
      data: sfntOfWoff(readFileSync(path.join(process.cwd(), file))),
      weight: 400 as const,
      style: 'normal' as const,
    }));
    const covered = fonts.map(({ data }) => coveredCodePoints(data));
    shipped = { fonts, covers: (codePoint) => covered.some((covers) => covers(codePoint)) };
  }
  return shipped;
};

/**
 * next/og fetches what its fonts lack at run time (an emoji's picture from a CDN, CJK from Google
 * Fonts): no request may leave the server, so a character the shipped fonts lack is drawn as
 * FALLBACK, an emoji (and its joiners and modifiers) not at all, a bidi mark neither.
 */
const FALLBACK = '?';
const ARABIC = /[\u0600-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]/gu;
export function drawable(text: string): string {
  const { covers } = font();
  const kept = [...withoutBidiControls(text).replace(EMOJI, '')].map((char) =>
    /\s/.test(char) || covers(char.codePointAt(0)!) ? char : FALLBACK,
  );
  return kept.join('').trim();
}
const drawableText = (text: PreviewText, fallback = (line: string) => drawable(line)): PreviewText => ({
  ...text,
  title: fallback(text.title),
  byline: fallback(text.byline),
  raised: fallback(text.raised),
  raisedOf: fallback(text.raisedOf),
  ...(text.status && {
    status: {
      ...text.status,
      headline: fallback(text.status.headline),
      ...(text.status.date && { date: fallback(text.status.date) }),
    },
  }),
});

const render = async (text: PreviewText) =>
  new ImageResponse(<ProjectPreview {...text} />, { ...PREVIEW_SIZE, fonts: font().fonts }).arrayBuffer();

async function draw(text: PreviewText, etag: string, now: number): Promise<Drawn> {
  drawCount.value++;
  try {
    return { etag, png: await render(drawableText(text)), drawnAt: now };
  } catch {
    // Satori's font reader throws on some Arabic lookups it does not know: the image is drawn without Arabic letters rather than not at all.
    withoutArabic.value++;
    return {
      etag,
      png: await render(drawableText(text, (line) => drawable(line).replace(ARABIC, FALLBACK))),
      drawnAt: now,
    };
  }
}

/**
 * The project's preview PNG, with an ETag of the facts it shows: drawn again when they read
 * otherwise, but at most once per PREVIEW_REDRAW_MS per project and locale on this instance (Satori and
 * resvg cost tens of milliseconds of CPU), and once at a time.
 */
export async function previewResponse(slug: string, text: PreviewText, now = Date.now()): Promise<Response> {
  const etag = `"${createHash('sha1').update(JSON.stringify(text)).digest('base64url')}"`;
  const key = `${text.locale}:${slug}`;
  let image = drawn.get(key);
  if (!image || (image.etag !== etag && now - image.drawnAt >= PREVIEW_REDRAW_MS)) {
    let pending = drawing.get(key);
    if (!pending) {
      drawing.set(key, (pending = draw(text, etag, now).finally(() => drawing.delete(key))));
    }
    image = await pending;
    drawn.delete(key);
    drawn.set(key, image);
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return new Response(image.png, {
    headers: { 'content-type': 'image/png', 'cache-control': CACHE_CONTROL, etag: image.etag },
  });
}
