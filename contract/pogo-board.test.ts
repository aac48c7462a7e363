import { describe, expect, it } from 'vitest';
import { analysePogoBoard, formatMm, type PogoPad } from './pogo-board';

/** A pad with a net and a comfortable diameter, named TP<id>, on the top side. */
function pad(id: number, x: number, y: number, more: Partial<PogoPad> = {}): PogoPad {
  return { id, name: `TP${id}`, net: `N${id}`, x, y, side: 'top', diameter: 1, kind: 'pad', ...more };
}
/** Two tooling holes far from every fixture below, so the tooling rule stays quiet. */
const holes: PogoPad[] = [
  pad(901, 300, 300, { name: 'H1', kind: 'tooling', net: null, diameter: 3 }),
  pad(902, 400, 300, { name: 'H2', kind: 'tooling', net: null, diameter: 3 }),
];
const analyse = (pads: PogoPad[]) => analysePogoBoard([...pads, ...holes]);

describe('probe size by spacing', () => {
  // Off the origin on purpose: 10.1 + 2.54 is 12.639999999999999 in floating point.
  it.each([
    [2.54, 'P100', null],
    [2.539, 'P75', null],
    [1.91, 'P75', null],
    [1.909, 'P50', 'TP1 and TP2 are 1.909 mm apart: only a P50 probe fits (1.91 mm or more takes a P75); small probes bend and wear sooner.'],
    [1.9, 'P50', 'TP1 and TP2 are 1.90 mm apart: only a P50 probe fits (1.91 mm or more takes a P75); small probes bend and wear sooner.'],
    [1.27, 'P50', 'TP1 and TP2 are 1.27 mm apart: only a P50 probe fits (1.91 mm or more takes a P75); small probes bend and wear sooner.'],
    [1.269, 'P50', 'TP1 and TP2 are 1.269 mm apart: only a P50 probe fits, closer than the 1.27 mm it is rated for; small probes bend and wear sooner.'],
    [0.99, 'P50', 'TP1 and TP2 are 0.99 mm apart: only a P50 probe fits, closer than the 1.27 mm it is rated for; small probes bend and wear sooner.'],
  ] as const)('%s mm apart → %s', (spacing, probe, warning) => {
    const result = analyse([pad(1, 10.1, 7.3), pad(2, 10.1 + spacing, 7.3)]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'top', probe, nearest_mm: spacing },
      { pad_id: 2, side: 'top', probe, nearest_mm: spacing },
    ]);
    expect(result.counts).toEqual({ P100: 0, P75: 0, P50: 0, none: 0, [probe]: 2 });
    expect(result.findings).toEqual(warning === null ? [] : [{ severity: 'warning', rule: 'small_probe', pad_ids: [1, 2], message: warning }]);
    expect(result.blocking).toBe(false);
  });

  it.each([
    [0.989, 'TP1 and TP2 are 0.989 mm apart: no probe fits (needs at least 0.99 mm).'],
    [0.85, 'TP1 and TP2 are 0.85 mm apart: no probe fits (needs at least 0.99 mm).'],
    [0, 'TP1 and TP2 are 0.00 mm apart: no probe fits (needs at least 0.99 mm).'],
  ])('%s mm apart → no probe, an error that blocks', (spacing, message) => {
    const result = analyse([pad(1, 10.1, 7.3), pad(2, 10.1, 7.3 + spacing)]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'top', probe: null, nearest_mm: spacing },
      { pad_id: 2, side: 'top', probe: null, nearest_mm: spacing },
    ]);
    expect(result.counts).toEqual({ P100: 0, P75: 0, P50: 0, none: 2 });
    expect(result.findings).toEqual([{ severity: 'error', rule: 'no_probe_fits', pad_ids: [1, 2], message }]);
    expect(result.blocking).toBe(true);
  });

  it('measures diagonally, centre to centre (3-4-5 → 1.5 mm)', () => {
    const result = analyse([pad(1, 0, 0), pad(2, 0.9, 1.2)]);
    expect(result.probes.map((p) => [p.probe, p.nearest_mm])).toEqual([
      ['P50', 1.5],
      ['P50', 1.5],
    ]);
  });

  it('gives a pad alone on its side a P100 and no nearest neighbour', () => {
    expect(analysePogoBoard([pad(1, 5, 5)]).probes).toEqual([{ pad_id: 1, side: 'top', probe: 'P100', nearest_mm: null }]);
  });

  it('probes vias like pads', () => {
    const result = analyse([pad(1, 0, 0, { kind: 'via' }), pad(2, 2, 0)]);
    expect(result.probes.map((p) => p.probe)).toEqual(['P75', 'P75']);
  });

  it('reports each close pair once, with both pads, and each pad against its own nearest', () => {
    // A-B 0.9 mm, B-C 0.9 mm (B's nearest is A: a tie goes to the earlier pad), C-D 2.0 mm.
    const result = analyse([pad(1, 0, 0), pad(2, 0.9, 0), pad(3, 1.8, 0), pad(4, 3.8, 0)]);
    expect(result.probes.map((p) => [p.pad_id, p.probe, p.nearest_mm])).toEqual([
      [1, null, 0.9],
      [2, null, 0.9],
      [3, null, 0.9],
      [4, 'P75', 2],
    ]);
    expect(result.findings.map((f) => [f.rule, f.pad_ids])).toEqual([
      ['no_probe_fits', [1, 2]],
      ['no_probe_fits', [2, 3]],
    ]);
  });
});

describe('sides', () => {
  it('does not compare a top pad with a bottom pad', () => {
    const result = analysePogoBoard([pad(1, 0, 0), pad(2, 0.5, 0, { side: 'bottom' })]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'top', probe: 'P100', nearest_mm: null },
      { pad_id: 2, side: 'bottom', probe: 'P100', nearest_mm: null },
    ]);
    expect(result.findings.map((f) => f.rule)).toEqual(['tooling_holes']);
  });

  it('counts a through-hole pad as a neighbour on both sides', () => {
    const result = analyse([pad(1, 0, 0), pad(2, 0.5, 0, { side: 'bottom', kind: 'through_hole' }), pad(3, 1.5, 0, { side: 'bottom' })]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'top', probe: null, nearest_mm: 0.5 },
      // Its own side (1 mm to TP3) fits more than its far side (0.5 mm to TP1).
      { pad_id: 2, side: 'bottom', probe: 'P50', nearest_mm: 1 },
      { pad_id: 3, side: 'bottom', probe: 'P50', nearest_mm: 1 },
    ]);
    expect(result.findings).toEqual([
      { severity: 'error', rule: 'no_probe_fits', pad_ids: [1, 2], message: 'TP1 and TP2 are 0.50 mm apart: no probe fits (needs at least 0.99 mm).' },
      {
        severity: 'warning',
        rule: 'small_probe',
        pad_ids: [2, 3],
        message: 'TP2 and TP3 are 1.00 mm apart: only a P50 probe fits, closer than the 1.27 mm it is rated for; small probes bend and wear sooner.',
      },
    ]);
  });

  it('probes a through-hole pad from its far side when a bigger probe fits there, and says so', () => {
    const result = analyse([pad(1, 0, 0, { kind: 'through_hole' }), pad(2, 1.5, 0), pad(3, 0, 2, { side: 'bottom' })]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'bottom', probe: 'P75', nearest_mm: 2 },
      { pad_id: 2, side: 'top', probe: 'P50', nearest_mm: 1.5 },
      { pad_id: 3, side: 'bottom', probe: 'P75', nearest_mm: 2 },
    ]);
    // The top pad still sits 1.5 mm from the hole's barrel.
    expect(result.findings.map((f) => [f.rule, f.pad_ids])).toEqual([['small_probe', [1, 2]]]);
  });

  it('keeps a through-hole pad on its own side when the far side fits no bigger probe', () => {
    const result = analyse([pad(1, 0, 0, { kind: 'through_hole' }), pad(2, 2, 0), pad(3, 0, 2.2, { side: 'bottom' })]);
    expect(result.probes[0]).toEqual({ pad_id: 1, side: 'top', probe: 'P75', nearest_mm: 2 });
  });
});

describe('tooling holes', () => {
  const tooling = (id: number, x: number, side: 'top' | 'bottom' = 'top') => pad(id, x, 50, { name: `H${id}`, kind: 'tooling', net: null, diameter: 3, side });

  it.each([
    [0, [], null, 'The board has no tooling holes: a fixture needs at least 2 for its guide pins to hold the board in place.'],
    [1, [tooling(11, 0)], 41.231, 'The board has only one tooling hole: a fixture needs at least 2 for its guide pins to hold the board in place.'],
    [2, [tooling(11, 0), tooling(12, 100, 'bottom')], 41.231, null],
  ] as const)('%i tooling holes', (count, toolingPads, nearest, message) => {
    const result = analysePogoBoard([pad(1, 10, 10), ...toolingPads]);
    expect(result.tooling_holes).toBe(count);
    // A tooling hole is a neighbour on both sides: 41.231 mm is the hole at (0, 50).
    expect(result.probes).toEqual([{ pad_id: 1, side: 'top', probe: 'P100', nearest_mm: nearest }]);
    expect(result.findings).toEqual(message === null ? [] : [{ severity: 'error', rule: 'tooling_holes', pad_ids: [], message }]);
    expect(result.blocking).toBe(message !== null);
  });

  it('is not probed, but a pad must keep clear of it on either side', () => {
    const result = analysePogoBoard([tooling(11, 0), tooling(12, 100), pad(1, 0.9, 50, { side: 'bottom' }), pad(2, 101.5, 50)]);
    expect(result.probes).toEqual([
      { pad_id: 1, side: 'bottom', probe: null, nearest_mm: 0.9 },
      { pad_id: 2, side: 'top', probe: 'P50', nearest_mm: 1.5 },
    ]);
    expect(result.counts).toEqual({ P100: 0, P75: 0, P50: 1, none: 1 });
    expect(result.findings.map((f) => [f.severity, f.rule, f.pad_ids, f.message])).toEqual([
      ['error', 'no_probe_fits', [11, 1], 'H11 and TP1 are 0.90 mm apart: no probe fits (needs at least 0.99 mm).'],
      ['warning', 'small_probe', [12, 2], 'H12 and TP2 are 1.50 mm apart: only a P50 probe fits (1.91 mm or more takes a P75); small probes bend and wear sooner.'],
    ]);
  });
});

describe('pad diameter', () => {
  it.each([
    [1, null],
    [0.8, null],
    [null, null],
    [0.799, { severity: 'warning', rule: 'pad_small', pad_ids: [1], message: 'TP1 is 0.799 mm across: smaller than the 0.80 mm recommended, so a probe may miss it.' }],
    [0.6, { severity: 'warning', rule: 'pad_small', pad_ids: [1], message: 'TP1 is 0.60 mm across: smaller than the 0.80 mm recommended, so a probe may miss it.' }],
    [
      0.599,
      { severity: 'error', rule: 'pad_too_small', pad_ids: [1], message: 'TP1 is 0.599 mm across: too small for a probe to hit (at least 0.60 mm, 0.80 mm recommended).' },
    ],
  ])('%s mm', (diameter, finding) => {
    const result = analyse([pad(1, 0, 0, { diameter })]);
    expect(result.findings).toEqual(finding === null ? [] : [finding]);
    expect(result.blocking).toBe(finding?.severity === 'error');
    expect(result.probes[0].probe).toBe('P100');
  });

  it('reads 0.8 mm that floating point made 0.7999999999999999 as 0.8', () => {
    expect(analyse([pad(1, 0, 0, { diameter: 0.1 * 8 - 1e-16 })]).findings).toEqual([]);
  });
});

describe('nets', () => {
  it.each([null, '', '   '])('warns about a pad whose net is %j', (net) => {
    const result = analyse([pad(1, 0, 0, { net })]);
    expect(result.findings).toEqual([{ severity: 'warning', rule: 'no_net', pad_ids: [1], message: 'TP1 has no net: nothing says what it connects to.' }]);
    expect(result.blocking).toBe(false);
  });

  it('names an unnamed pad by its id', () => {
    expect(analyse([pad(7, 0, 0, { name: ' ', net: null })]).findings[0].message).toBe('pad 7 has no net: nothing says what it connects to.');
  });
});

describe('the whole board', () => {
  it('lists errors first, by rule, then by pad order, and blocks on any error', () => {
    const result = analysePogoBoard([
      pad(1, 0, 0, { net: null }),
      pad(2, 50, 0, { diameter: 0.7 }),
      pad(3, 100, 0, { diameter: 0.5 }),
      pad(4, 150, 0),
      pad(5, 150.5, 0),
      pad(6, 200, 0),
      pad(7, 201.5, 0),
    ]);
    expect(result.findings.map((f) => [f.severity, f.rule, f.pad_ids])).toEqual([
      ['error', 'tooling_holes', []],
      ['error', 'no_probe_fits', [4, 5]],
      ['error', 'pad_too_small', [3]],
      ['warning', 'small_probe', [6, 7]],
      ['warning', 'pad_small', [2]],
      ['warning', 'no_net', [1]],
    ]);
    expect(result.counts).toEqual({ P100: 3, P75: 0, P50: 2, none: 2 });
    expect(result.blocking).toBe(true);
  });

  it('is clean and not blocking for a well-designed board', () => {
    const result = analysePogoBoard([
      pad(1, 0, 0),
      pad(2, 2.54, 0),
      pad(3, 0, 2.54, { side: 'bottom', kind: 'through_hole' }),
      pad(4, 0, 20, { name: 'H1', kind: 'tooling', net: null }),
      pad(5, 30, 20, { name: 'H2', kind: 'tooling', net: null, side: 'bottom' }),
    ]);
    expect(result).toEqual({
      probes: [
        { pad_id: 1, side: 'top', probe: 'P100', nearest_mm: 2.54 },
        { pad_id: 2, side: 'top', probe: 'P100', nearest_mm: 2.54 },
        { pad_id: 3, side: 'bottom', probe: 'P100', nearest_mm: 17.46 },
      ],
      counts: { P100: 3, P75: 0, P50: 0, none: 0 },
      tooling_holes: 2,
      findings: [],
      blocking: false,
    });
  });

  it('refuses a pad without a finite position instead of looping on it', () => {
    expect(() => analysePogoBoard([pad(1, 0, 0), pad(2, Number.NaN, 0)])).toThrow('Pad 2 has no finite position (NaN, 0).');
    expect(() => analysePogoBoard([pad(3, 0, Infinity)])).toThrow(RangeError);
  });

  it('formats millimetres with two decimals, three when the micrometres matter', () => {
    expect([0.85, 0.985, 2.5, 1, 0, 1.2344].map(formatMm)).toEqual(['0.85', '0.985', '2.50', '1.00', '0.00', '1.234']);
  });
});

describe('nearest neighbour', () => {
  /** Deterministic pseudo-random numbers (mulberry32). */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('agrees with brute force on dense, sparse and far-apart pads of every kind (the fine grid and its coarser ones)', () => {
    const next = random(12);
    const kinds = ['pad', 'via', 'through_hole', 'tooling'] as const;
    const pads: PogoPad[] = [];
    for (let id = 1; id <= 1500; id++) {
      // Most on a 60 mm board, some spread over 5 m (nobody within the grid's rings), a few negative.
      const spread = id % 10 === 0 ? 5000 : id % 7 === 0 ? -40 : 60;
      pads.push(pad(id, next() * spread, next() * spread, { side: next() < 0.5 ? 'top' : 'bottom', kind: kinds[Math.floor(next() * 4)] }));
    }
    const through = (p: PogoPad) => p.kind === 'through_hole' || p.kind === 'tooling';
    const bruteNearest = (p: PogoPad, side: 'top' | 'bottom') => {
      let best = Infinity;
      for (const q of pads) if (q !== p && (q.side === side || through(q))) best = Math.min(best, Math.hypot(q.x - p.x, q.y - p.y));
      return best === Infinity ? null : Math.round(best * 1000) / 1000;
    };
    const result = analysePogoBoard(pads);
    const probed = pads.filter((p) => p.kind !== 'tooling');
    expect(result.probes.map((p) => p.pad_id)).toEqual(probed.map((p) => p.id));
    result.probes.forEach((probe, k) => {
      expect(probe.nearest_mm, `pad ${probe.pad_id}`).toBe(bruteNearest(probed[k], probe.side));
    });
  });

  it('analyses 20,000 pads in well under a second', () => {
    const pads: PogoPad[] = [];
    let id = 0;
    // Top: 100 × 100 at 2.54 mm (P100); bottom: 100 × 100 at 1.5 mm (P50, each with a warning pair).
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < 100; j++) {
        pads.push(pad(++id, 5 + i * 2.54, 5 + j * 2.54));
        pads.push(pad(++id, 5 + i * 1.5, 5 + j * 1.5, { side: 'bottom' }));
      }
    }
    pads.push(...holes);
    const started = performance.now();
    const result = analysePogoBoard(pads);
    const elapsed = performance.now() - started;
    console.info(`analysePogoBoard: ${pads.length} pads in ${elapsed.toFixed(0)} ms`);
    expect(result.counts).toEqual({ P100: 10_000, P75: 0, P50: 10_000, none: 0 });
    expect(result.tooling_holes).toBe(2);
    expect(result.blocking).toBe(false);
    expect(result.findings.every((f) => f.rule === 'small_probe' && f.message.includes('1.50 mm apart'))).toBe(true);
    // Every bottom pad is in at least one pair, and a pair holds two pads.
    expect(result.findings.length).toBeGreaterThanOrEqual(5_000);
  });
});
