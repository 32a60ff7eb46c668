import { createHash } from 'node:crypto';
import { ImageResponse } from 'next/og';
import { PREVIEW_SIZE, ProjectPreview, type PreviewFacts } from './ProjectPreview';

type Drawn = { etag: string; png: ArrayBuffer };

/** Drawn images by project: one per version of what they show, so a crawler's fetch after the first costs no drawing. */
const drawn = new Map<string, Drawn>();
const KEPT = 500;

/**
 * A crawler may cache a preview for a minute; the URL stays the same across versions (Next names
 * it after the file), so it must not be kept for ever, as next/og would say by default.
 */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * next/og fetches an emoji's picture from a CDN, and fails the whole image when it cannot (a server
 * with no way out): previews leave emoji out. Glyphs its font lacks (CJK, Arabic) it asks Google
 * Fonts for, and draws without them when that fails.
 */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]/gu;
const withoutEmoji = (facts: PreviewFacts): PreviewFacts => ({ ...facts, title: facts.title.replace(EMOJI, '').trim(), creator: facts.creator.replace(EMOJI, '').trim() });

/**
 * The project's preview PNG: drawn once per version of its facts on this instance (Satori and
 * resvg cost tens of milliseconds of CPU), with an ETag of that version.
 */
export async function previewResponse(slug: string, facts: PreviewFacts): Promise<Response> {
  const etag = `"${createHash('sha1').update(JSON.stringify(facts)).digest('base64url')}"`;
  let image = drawn.get(slug);
  if (image?.etag !== etag) {
    const png = await new ImageResponse(<ProjectPreview {...withoutEmoji(facts)} />, PREVIEW_SIZE).arrayBuffer();
    drawn.delete(slug);
    drawn.set(slug, (image = { etag, png }));
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return new Response(image.png, { headers: { 'content-type': 'image/png', 'cache-control': CACHE_CONTROL, etag } });
}
