import type { FuzzRow } from './fuzz';

/** What one fault did to the load, the writes and the pages (`chaos/run.ts` measures it). */
export type FaultRow = {
  fault: string;
  requests: number;
  ok: number;
  unavailable: number;
  otherServerErrors: number;
  noAnswer: number;
  recoverMs: number | null;
  lostContributions: number;
  lostQuizSubmits: number;
  pagesOutOfSync: number;
  /** The ledger reconciled after the fault (lib/live-events/ledger.ts): `raised` and `backers` equal its sums. */
  ledgerConsistent?: boolean;
  note?: string;
};

const n = (value: number) => value.toLocaleString('en-US');

function markdown(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The faults' table, markdown. */
export function formatFaultTable(faults: FaultRow[]): string {
  const header = [
    'fault',
    'requests',
    '2xx',
    '503',
    'other 5xx',
    'no answer',
    'time to recover',
    'acknowledged writes lost',
    'pages out of sync',
    'ledger',
  ];
  const rows = faults.map((row) =>
    row.note
      ? [row.fault, '—', '—', '—', '—', '—', '—', '—', row.note, '—']
      : [
          row.fault,
          n(row.requests),
          n(row.ok),
          n(row.unavailable),
          n(row.otherServerErrors),
          n(row.noAnswer),
          row.recoverMs === null ? 'not recovered' : `${(row.recoverMs / 1000).toFixed(2)} s`,
          `contributions ${row.lostContributions}, quiz submits ${row.lostQuizSubmits}`,
          `${row.pagesOutOfSync} of 5`,
          row.ledgerConsistent === false ? 'NOT consistent' : 'consistent',
        ],
  );
  return markdown(header, rows);
}

/** The fuzzing totals, markdown. */
export function formatFuzzTable(fuzz: FuzzRow): string {
  return markdown(
    ['HTTP fuzzing (every route)', 'requests', '5xx', 'no answer in 15 s', 'writes on a 4xx'],
    [
      [
        `${fuzz.runsPerRoute} generated requests per route`,
        n(fuzz.requests),
        n(fuzz.serverErrors),
        n(fuzz.noAnswer),
        n(fuzz.writesOn4xx),
      ],
    ],
  );
}
