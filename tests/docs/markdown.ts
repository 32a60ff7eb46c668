import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root, and the documents a reader is sent to: README.md, docs/*.md, and the READMEs of bench/ and chaos/. */
export const ROOT = path.resolve(__dirname, '../..');
export const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'THIRD_PARTY_NOTICES.md',
  'bench/README.md',
  'chaos/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

export const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The prose of a document: fenced code blocks (pictures, commands, a run's output) left out. */
export const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchors of a document's headings: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const repeat = seen.get(slug) ?? 0;
    seen.set(slug, repeat + 1);
    anchors.add(repeat === 0 ? slug : `${slug}-${repeat}`);
  }
  return anchors;
}
