import { cloneElement, type CSSProperties, type ReactElement } from 'react';
import { visualArabic } from '@/lib/previews/arabic-forms';
import { clipWords, dirOf, type Direction, needsPieces, piecesOf } from '@/lib/previews/bidi';
import type { PreviewText } from '@/lib/previews/text';
import { ProjectArt } from '../ProjectArt';

export const PREVIEW_SIZE = { width: 1200, height: 630 };
const ART_WIDTH = 420;
const PADDING = 60;
/** The text's width beside the art: each paragraph's lines fit in it (tests/unit/preview-layout.test.ts). */
export const TEXT_WIDTH = PREVIEW_SIZE.width - ART_WIDTH - 2 * PADDING;

type Sizing = { fontSize: number; lines: number; budget: number };
/** Each paragraph but the title: its size, at most how many lines, and how many characters before its ellipsis. */
export const SIZING = {
  byline: { fontSize: 28, lines: 1, budget: 40 },
  raised: { fontSize: 54, lines: 1, budget: 24 },
  raisedOf: { fontSize: 28, lines: 1, budget: 40 },
  open: { fontSize: 30, lines: 2, budget: 90 },
  ended: { fontSize: 28, lines: 2, budget: 90 },
  date: { fontSize: 24, lines: 1, budget: 40 },
} satisfies Record<string, Sizing>;

/** The title's: smaller past 28 characters; drawn in pieces, its words take more room (see Paragraph): two lines at most. */
export function titleSizing(title: string, pieced: boolean): Sizing {
  const long = [...title].length > 28;
  return {
    fontSize: long ? 52 : 68,
    lines: long && !pieced ? 3 : 2,
    budget: long ? (pieced ? 34 : 60) : 40,
  };
}

/** The space before a piece, as a share of the font size. */
export const PIECE_GAP = 0.22;

/** What a paragraph drawn in pieces shows: each piece's text as drawn (Arabic in presentation forms), in reading order. */
export const drawnPieces = (text: string, dir: Direction, budget: number) =>
  piecesOf(clipWords(text, budget), dir).map((piece) => ({ ...piece, text: visualArabic(piece.text) }));

/** Dark text on a light first colour, white on a dark one: a creator picks the colours. */
function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5]
    .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.3 ? '#0f172a' : '#ffffff';
}

const row = (dir: Direction): CSSProperties['flexDirection'] => (dir === 'rtl' ? 'row-reverse' : 'row');

/**
 * One paragraph: left-to-right text as Satori draws it (clamped with an ellipsis); anything with
 * right-to-left words as pieces in a row of the paragraph's direction (lib/previews/bidi.ts),
 * clipped by characters first as Satori cannot clamp a row.
 */
function Paragraph({
  text,
  dir,
  align,
  fontSize,
  lines,
  budget,
  style,
}: {
  text: string;
  dir: Direction;
  align: Direction;
  fontSize: number;
  lines: number;
  budget: number;
  style?: CSSProperties;
}) {
  if (!needsPieces(text, dir)) {
    const textAlign = align === 'rtl' ? 'right' : 'left';
    return (
      <div
        style={{
          display: 'block',
          fontSize,
          lineHeight: 1.2,
          textAlign,
          wordBreak: 'break-word',
          lineClamp: lines,
          ...style,
        }}
      >
        {text}
      </div>
    );
  }
  // Arabic glyphs reach higher and lower than Latin ones. Its words go in presentation forms (arabic-forms.ts): measured as wide as drawn.
  const lineHeight = 1.4;
  const gap = Math.round(fontSize * PIECE_GAP);
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: row(dir),
        flexWrap: 'wrap',
        fontSize,
        lineHeight,
        maxHeight: Math.ceil(fontSize * lineHeight * lines) + 2,
        overflow: 'hidden',
        ...style,
      }}
    >
      {drawnPieces(text, dir, budget).map((piece, i) => (
        <span key={i} style={i > 0 && piece.spaced ? (dir === 'rtl' ? { marginRight: gap } : { marginLeft: gap }) : {}}>
          {piece.text}
        </span>
      ))}
    </div>
  );
}

/**
 * The preview image's layout, for next/og (Satori): flexbox and inline styles only, no Tailwind.
 * The project's own art (components/ProjectArt.tsx, the same drawing as its page) on one side, its
 * first colour behind the text, its last colour for the bar; mirrored right to left in Arabic.
 */
export function ProjectPreview({ dir, title, byline, raised, raisedOf, percent, status, art }: PreviewText) {
  const [deep, , light] = art.colors;
  const ink = inkOn(deep);
  const titleDir = dirOf(title, dir);
  const pieced = needsPieces(title, titleDir);
  const drawing = cloneElement(ProjectArt({ art }) as ReactElement<{ width: number; height: number }>, {
    width: ART_WIDTH,
    height: PREVIEW_SIZE.height,
  });
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: row(dir),
        background: deep,
        color: ink,
        fontFamily: 'Geist, "Noto Sans Arabic"',
      }}
    >
      <div style={{ display: 'flex', width: ART_WIDTH, height: '100%' }}>{drawing}</div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          flex: 1,
          padding: `56px ${PADDING}px`,
          minWidth: 0,
        }}
      >
        <div style={{ display: 'flex', flexDirection: row(dir), alignItems: 'center', fontSize: 28, opacity: 0.85 }}>
          <div
            style={{
              width: 18,
              height: 18,
              borderRadius: 9,
              background: light,
              margin: dir === 'rtl' ? '0 0 0 14px' : '0 14px 0 0',
            }}
          />
          crowdpulse
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: dir === 'rtl' ? 'flex-end' : 'stretch' }}>
          <Paragraph
            align={dir}
            text={title}
            dir={titleDir}
            {...titleSizing(title, pieced)}
            style={{ letterSpacing: dir === 'rtl' ? 0 : -1 }}
          />
          <Paragraph align={dir} text={byline} dir={dir} {...SIZING.byline} style={{ marginTop: 14, opacity: 0.85 }} />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', flexDirection: row(dir), alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <Paragraph
              align={dir}
              text={raised}
              dir={dir}
              {...SIZING.raised}
              style={{ margin: dir === 'rtl' ? '0 0 0 16px' : '0 16px 0 0' }}
            />
            <Paragraph
              align={dir}
              text={raisedOf}
              dir={dir}
              {...SIZING.raisedOf}
              style={{ marginBottom: 8, opacity: 0.85 }}
            />
          </div>
          <div
            style={{
              display: 'flex',
              flexDirection: row(dir),
              marginTop: 16,
              height: 16,
              borderRadius: 8,
              background: ink === '#ffffff' ? 'rgba(255,255,255,0.25)' : 'rgba(15,23,42,0.2)',
            }}
          >
            <div
              style={{ width: `${percent}%`, height: 16, borderRadius: 8, background: ink === '#ffffff' ? light : ink }}
            />
          </div>
          {status && (
            <div style={{ display: 'flex', flexDirection: 'column', marginTop: 22 }}>
              <Paragraph
                align={dir}
                text={status.headline}
                dir={dir}
                {...SIZING[status.state === 'open' ? 'open' : 'ended']}
              />
              {status.date && (
                <Paragraph
                  align={dir}
                  text={status.date}
                  dir={dir}
                  {...SIZING.date}
                  style={{ marginTop: 6, opacity: 0.8 }}
                />
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
