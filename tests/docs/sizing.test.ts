import { describe, expect, it } from 'vitest';
import { ceilings, DEFAULT_ASSUMPTIONS, formatCeilings, roughly, type Costs } from '../../bench/sizing-table';

/** Round costs, so each ceiling can be checked by hand: 1,000,000 µs a second ÷ the cost. */
const COSTS: Costs = {
  contribution: 50,
  join: 20,
  heartbeatPerViewer: 2,
  snapshotRead: 100,
  cataloguePage: 25,
  quizStart: 40,
  quizAnswer: 10,
  quizSubmit: 160,
  foldEvent: 8,
  foldClaim: 40,
  feedPush: 4,
  frame: 5,
  pageView: 50,
};

const byName = (workload: string) => {
  const row = ceilings(COSTS).find((ceiling) => ceiling.workload === workload);
  if (!row) throw new Error(`no row ${workload}`);
  return row;
};

describe('the sizing table: ceilings from per-operation costs (bench/sizing-table.ts)', () => {
  it('gives each one-core workload 1,000,000 µs ÷ its cost per master, and half that at the safe share', () => {
    expect(byName('hot project: contributions')).toMatchObject({
      perMaster: 20_000,
      perMasterSafe: 10_000,
      perInstance: null,
    });
    expect(byName('hot project: viewers joining')).toMatchObject({ perMaster: 50_000, perMasterSafe: 25_000 });
    expect(byName('snapshot reads')).toMatchObject({ perMaster: 10_000, perMasterSafe: 5_000 });
    expect(byName('catalogue page')).toMatchObject({ perMaster: 40_000, perMasterSafe: 20_000 });
    expect(byName('quiz submits')).toMatchObject({ perMaster: 6_250, perMasterSafe: 3_125 });
    expect(byName('fold events')).toMatchObject({ perMaster: 125_000, perMasterSafe: 62_500 });
    expect(byName('fold claims (claim + publish)')).toMatchObject({ perMaster: 25_000, perMasterSafe: 12_500 });
    expect(byName('feed pushes')).toMatchObject({ perMaster: 250_000, perMasterSafe: 125_000 });
  });

  it('holds viewers by their heartbeats: a core-second per heartbeat interval', () => {
    // 2 µs per viewer every 30 s: 15,000,000 viewers' heartbeats fill a core.
    expect(byName('hot project: viewers held')).toMatchObject({ perMaster: 15_000_000, perMasterSafe: 7_500_000 });
  });

  it('prices a whole game as a start, ten answers and a submit', () => {
    // 40 + 10 × 10 + 160 = 300 µs.
    expect(byName('quiz games').perMaster).toBeCloseTo(1_000_000 / 300);
    expect(
      ceilings(COSTS, { ...DEFAULT_ASSUMPTIONS, answersPerGame: 5 }).find((c) => c.workload === 'quiz games')!
        .perMaster,
    ).toBeCloseTo(1_000_000 / 250);
  });

  it('bounds viewers per instance by the frames its core sends at 10 frames a second per socket', () => {
    // 5 µs a frame: 200,000 frames/s, so 20,000 sockets at 10 frames/s.
    expect(byName('hot project: viewers per instance')).toMatchObject({
      perInstance: 20_000,
      perMaster: null,
      perMasterSafe: null,
    });
    expect(
      ceilings(COSTS, { ...DEFAULT_ASSUMPTIONS, framesPerSocket: 4 }).find(
        (c) => c.workload === 'hot project: viewers per instance',
      )!.perInstance,
    ).toBe(50_000);
  });

  it('gives an instance a core-second of cached page views', () => {
    expect(byName('page views per instance')).toMatchObject({ perInstance: 20_000, perMaster: null });
  });

  it('plans at another safe share when asked', () => {
    const rows = ceilings(COSTS, { ...DEFAULT_ASSUMPTIONS, safeShare: 0.7 });
    expect(rows.find((c) => c.workload === 'hot project: contributions')!.perMasterSafe).toBeCloseTo(14_000);
  });

  it('rounds ceilings to two significant figures and prints one table row per workload', () => {
    expect([roughly(123_456), roughly(9_876), roughly(42), roughly(7.6), roughly(Number.POSITIVE_INFINITY)]).toEqual([
      '120,000',
      '9,900',
      '42',
      '8',
      '—',
    ]);
    const table = formatCeilings(ceilings(COSTS)).split('\n');
    expect(table).toHaveLength(2 + ceilings(COSTS).length);
    expect(table[0]).toContain('one master, 50 %');
    expect(table.find((line) => line.startsWith('| hot project: contributions |'))).toContain(
      '| 20,000 contributions/s | 10,000 contributions/s | — |',
    );
    expect(table.find((line) => line.startsWith('| hot project: viewers per instance |'))).toContain(
      '| — | — | 20,000 viewers |',
    );
  });
});
