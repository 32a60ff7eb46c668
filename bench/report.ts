/** One line of the final table. `met` is null for figures printed for information only. */
export type Row = {
  figure: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  met: boolean | null;
};

/** What each bench module returns: its table rows, the details printed above the table, and tables of its own after it. */
export type FigureResult = { rows: Row[]; details: string[]; tables?: string[] };

const COLUMNS = ['figure', 'measured', 'baseline', 'ratio', 'target', 'met?'] as const;
const OPTIONAL = new Set<string>(['baseline', 'ratio']);

function cells(row: Row): string[] {
  const met = row.met === null ? '—' : row.met ? 'yes' : 'NO';
  return [row.figure, row.measured, row.baseline, row.ratio, row.target, met];
}

/**
 * A markdown table, padded so it also reads well in a terminal. The baseline and ratio columns
 * are left out when no row has one: a column of dashes is only noise to read past.
 */
export function formatTable(rows: readonly Row[]): string {
  const all = rows.map(cells);
  const shown = COLUMNS.flatMap((title, i) => (OPTIONAL.has(title) && all.every((line) => line[i] === '—') ? [] : [i]));
  const [titles, body] = [shown.map((i) => COLUMNS[i]!), all.map((line) => shown.map((i) => line[i]!))];
  const widths = titles.map((title, i) => Math.max(title.length, ...body.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(titles), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

export function formatDetails(title: string, details: readonly string[]): string {
  return [`## ${title}`, ...details.map((detail) => `  ${detail}`)].join('\n');
}
