import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Measured figures live in one place each: a block of a document between `<!-- name:start -->` and
 * `<!-- name:end -->`, written by the run that measured them (`npm run bench -- --write
 * docs/benchmarks.md`, `npm run chaos -- --write docs/reliability.md`), so docs and
 * measurements cannot drift apart.
 */
export type Measurement = { date: Date; command: string; machine: readonly string[]; tables: readonly string[] };

const marker = (name: string, end: 'start' | 'end') => `<!-- ${name}:${end} -->`;

/**
 * One line of when, by which command and on what machine (tersely: the docs' words are capped), then
 * the tables; what the run printed beside them stays in its output.
 */
export function renderMeasurement({ date, command, machine, tables }: Measurement): string {
  const lines = [[date.toISOString().slice(0, 10), `\`${command}\``, ...machine].join(' · ')];
  for (const table of tables) lines.push('', table);
  return lines.join('\n');
}

/** `document` with the block `name` holding `content` instead; an error if the block is not there exactly once. */
export function replaceBlock(document: string, name: string, content: string): string {
  const [start, end] = [marker(name, 'start'), marker(name, 'end')];
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from || document.indexOf(start, from + 1) >= 0 || document.indexOf(end, to + 1) >= 0) {
    throw new Error(`expected one "${start}" … "${end}" block, in that order: add it where the figures belong`);
  }
  return `${document.slice(0, from + start.length)}\n${content.trim()}\n${document.slice(to)}`;
}

/** Replaces every named block of `file` at once: nothing is written when one of them is missing. */
export function writeBlocks(file: string, blocks: Record<string, string>): void {
  const document = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    Object.entries(blocks).reduce((text, [name, content]) => replaceBlock(text, name, content), document),
  );
}

/** Fails before a long run, rather than after it, when `file` lacks one of the blocks it would write. */
export function checkBlocks(file: string, names: readonly string[]): void {
  const document = readFileSync(file, 'utf8');
  for (const name of names) replaceBlock(document, name, '');
}

/** `--write <file>` taken out of the command's arguments: the other arguments, and the file if given. */
export function takeWriteOption(args: readonly string[]): { args: string[]; writeTo?: string } {
  const at = args.indexOf('--write');
  if (at < 0) return { args: [...args] };
  const writeTo = args[at + 1];
  if (!writeTo || writeTo.startsWith('--')) throw new Error('--write needs a file, e.g. --write docs/benchmarks.md');
  return { args: [...args.slice(0, at), ...args.slice(at + 2)], writeTo };
}
