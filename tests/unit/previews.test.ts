import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawable, PREVIEW_REDRAW_MS, previewResponse, previewsDrawn } from '../../components/share/preview-image';
import type { PreviewFacts } from '../../components/share/ProjectPreview';

/**
 * docs/reliability.md, previews: no request leaves the server while one is drawn (next/og asked
 * Google Fonts for CJK and Arabic glyphs, a CDN for emoji), and a project's is drawn again at most
 * once per PREVIEW_REDRAW_MS whatever its writes. Every outgoing TCP connection and every undici
 * request of this process is watched through Node's diagnostics channels.
 */
const outbound: string[] = [];
const onSocket = ({ socket }: { socket: { remoteAddress?: string } }) => outbound.push(`tcp ${socket.remoteAddress ?? '?'}`);
const onRequest = ({ request }: { request: { origin: string; path: string } }) => outbound.push(`fetch ${request.origin}${request.path}`);
beforeAll(() => {
  subscribe('net.client.socket', onSocket as (message: unknown) => void);
  subscribe('undici:request:create', onRequest as (message: unknown) => void);
});
afterAll(() => {
  unsubscribe('net.client.socket', onSocket as (message: unknown) => void);
  unsubscribe('undici:request:create', onRequest as (message: unknown) => void);
});

const facts = (title: string, raised = 100): PreviewFacts => ({ title, creator: 'クリエイター ✨', raised, goal: 1_000, timeLeft: '3 days left' });

describe('a preview', () => {
  it('in Japanese, Chinese, Arabic or with emoji is drawn without any request leaving the process (the shipped font, else a fallback)', async () => {
    for (const [slug, title] of [['ja', '東京の小さな本屋を救おう'], ['zh', '拯救我们的社区花园'], ['ar', 'حديقة المجتمع'], ['emoji', 'Rockets 🚀👩🏽‍🚀 for all'], ['latin', 'Café crème für alle']]) {
      const response = await previewResponse(`net-${slug}`, facts(title!));
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    }
    expect(outbound).toEqual([]);
    expect(drawable('Café crème für alle')).toBe('Café crème für alle');
    expect(drawable('東京 🚀')).toBe('??');
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
