import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawable,
  PREVIEW_REDRAW_MS,
  previewResponse,
  previewsDrawn,
  previewsDrawnWithoutArabic,
} from '../../components/share/preview-image';
import { type PreviewedProject, previewTextOf } from '../../lib/previews/text';

/**
 * docs/reliability.md, previews: no request leaves the server while one is drawn (next/og asked
 * Google Fonts for CJK and Arabic glyphs, a CDN for emoji), and a project's is drawn again at most
 * once per PREVIEW_REDRAW_MS whatever its writes. Every outgoing TCP connection and every undici
 * request of this process is watched through Node's diagnostics channels.
 */
const outbound: string[] = [];
const onSocket = ({ socket }: { socket: { remoteAddress?: string } }) =>
  outbound.push(`tcp ${socket.remoteAddress ?? '?'}`);
const onRequest = ({ request }: { request: { origin: string; path: string } }) =>
  outbound.push(`fetch ${request.origin}${request.path}`);
beforeAll(() => {
  subscribe('net.client.socket', onSocket as (message: unknown) => void);
  subscribe('undici:request:create', onRequest as (message: unknown) => void);
});
afterAll(() => {
  unsubscribe('net.client.socket', onSocket as (message: unknown) => void);
  unsubscribe('undici:request:create', onRequest as (message: unknown) => void);
});

const NOW = Date.UTC(2026, 10, 28);
const project = (title: string, raised = 100): PreviewedProject => ({
  title,
  creator: 'クリエイター ✨',
  raised,
  goal: 1_000,
  endsAt: NOW + 3 * 86_400_000,
  art: { motif: 'waves', colors: ['#0c4a6e', '#0ea5e9', '#a5f3fc'] },
});
const facts = (title: string, raised = 100, locale = 'en') => previewTextOf(project(title, raised), NOW, locale);

describe('a preview', () => {
  it('in Japanese, Chinese, Arabic or with emoji is drawn without any request leaving the process (the shipped font, else a fallback)', async () => {
    for (const [slug, title] of [
      ['ja', '東京の小さな本屋を救おう'],
      ['zh', '拯救我们的社区花园'],
      ['ar', 'حديقة المجتمع'],
      ['emoji', 'Rockets 🚀👩🏽‍🚀 for all'],
      ['latin', 'Café crème für alle'],
    ]) {
      const response = await previewResponse(`net-${slug}`, facts(title!));
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    }
    // Every locale, Arabic's right-to-left sentences and their bidi marks included.
    for (const locale of ['de', 'ar']) {
      const response = await previewResponse(`net-${locale}`, facts('حديقة المجتمع', 100, locale));
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    }
    expect(outbound).toEqual([]);
    // The pinned Noto Sans Arabic (README's dependencies): a later one makes Satori throw, and the image falls back to "?".
    expect(previewsDrawnWithoutArabic()).toBe(0);
    expect(drawable('Café crème für alle')).toBe('Café crème für alle');
    expect(drawable('東京 🚀')).toBe('??');
    // Arabic is drawn with the shipped Noto Sans Arabic; a bidi mark (Intl writes them in Arabic) is left out, never a "?".
    expect(drawable('حديقة المجتمع')).toBe('حديقة المجتمع');
    expect(drawable('\u200F59\u00A0€')).toBe('59\u00A0€');
  });

  it('is drawn per locale: the same project in another language is another image', async () => {
    const slug = `locales-${Date.now()}`;
    const drawn = previewsDrawn();
    const tags = new Set<string | null>();
    for (const locale of ['en', 'de', 'ar'])
      tags.add((await previewResponse(slug, facts('Locales', 100, locale), NOW)).headers.get('etag'));
    expect(tags.size).toBe(3);
    expect(previewsDrawn()).toBe(drawn + 3);
  });

  it('is drawn again at most once per PREVIEW_REDRAW_MS per project, whatever the writes; at once when nothing is kept', async () => {
    const slug = `throttled-${Date.now()}`;
    const start = Date.now();
    const drawn = previewsDrawn();
    const first = await previewResponse(slug, facts('Throttled', 100), start);
    // A contribution a second for the whole interval: the image drawn first is served, with its ETag.
    for (let second = 1; second < PREVIEW_REDRAW_MS / 1000; second++) {
      const answer = await previewResponse(slug, facts('Throttled', 100 + second), start + second * 1000);
      expect(answer.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    expect(previewsDrawn()).toBe(drawn + 1);
    const later = await previewResponse(slug, facts('Throttled', 999), start + PREVIEW_REDRAW_MS);
    expect(later.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(previewsDrawn()).toBe(drawn + 2);
    // Twenty at once for a project not yet drawn: one drawing.
    const fresh = `concurrent-${Date.now()}`;
    await Promise.all(Array.from({ length: 20 }, () => previewResponse(fresh, facts('Concurrent'), start)));
    expect(previewsDrawn()).toBe(drawn + 3);
  });
});
