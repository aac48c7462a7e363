/**
 * The pogo board's design-for-test analysis (DOMAIN.md "Request processing: steps and
 * design-for-test rules"): which probe size fits each test pad, and what a fixture
 * designer must fix (errors, which block the next step) or should know (warnings).
 * Pure: the server's GET /requests/{id}/pogoboard and its SVG screen both call `analysePogoBoard`.
 *
 * Decisions where DOMAIN.md is silent:
 * - Distances and diameters are rounded to the micrometre (0.001 mm) before they are compared,
 *   so 10.1 → 12.64 counts as 2.54 mm (not 2.539999…) and what a message shows is what
 *   was compared.
 * - Spacing is centre to centre, to the nearest other pad on the same side. A through-hole pad
 *   and a tooling hole go through the board, so they are neighbours on both sides; a pad or a
 *   via only on its own side.
 * - Tooling holes are not probed (they have no entry in `probes` and no pad findings) but they
 *   are obstacles for spacing like any pad.
 * - "A through-hole pad probed from its far side is fine": a through-hole pad is probed from its
 *   own side unless its far side fits a strictly bigger probe; `side` says where it is probed.
 * - Probe sizes: ≥ 2.54 mm P100, ≥ 1.91 mm P75, ≥ 0.99 mm P50, below 0.99 mm none (error). Every
 *   P50 is a warning (`small_probe`): DOMAIN says below 1.9 mm, and from 1.90 to 1.91 mm a P75
 *   does not fit either. From 0.99 to 1.27 mm the P50 is below its rated spacing; it is chosen
 *   all the same, with the warning saying so.
 * - Spacing findings are one per pair (the pad and its nearest neighbour, both ids, in input
 *   order), so two pads too close to each other give one finding, not two.
 * - Diameter: below 0.6 mm an error, below 0.8 mm a warning; an unknown diameter (null) is not
 *   judged. A net that is null or blank is a warning.
 * - Fewer than two tooling holes is one error with no pad ids.
 * - Findings come errors first, by rule (the order of `POGO_RULES`), then by the input order
 *   of their first pad.
 */

export const PAD_SIDES = ['top', 'bottom'] as const;
export type PadSide = (typeof PAD_SIDES)[number];
export const PAD_KINDS = ['pad', 'via', 'through_hole', 'tooling'] as const;
export type PadKind = (typeof PAD_KINDS)[number];
export const PROBE_SIZES = ['P100', 'P75', 'P50'] as const;
export type ProbeSize = (typeof PROBE_SIZES)[number];

/** A test pad as the analysis needs it (mm from the board origin). */
export type PogoPad = {
  id: number;
  name: string;
  net: string | null;
  x: number;
  y: number;
  side: PadSide;
  diameter: number | null;
  kind: PadKind;
};

/** The smallest centre-to-centre spacing (mm) each probe size needs, biggest probe first. */
export const PROBE_MIN_SPACING_MM: ReadonlyArray<{ probe: ProbeSize; min: number }> = [
  { probe: 'P100', min: 2.54 },
  { probe: 'P75', min: 1.91 },
  { probe: 'P50', min: 1.27 },
];
/** Below this no probe fits at all (error). */
export const NO_PROBE_BELOW_MM = 0.99;
/** Pads at least this far apart get a P75 or bigger; closer ones only a P50, a warning. */
export const SMALL_PROBE_BELOW_MM = 1.91;
/** A pad narrower than this is an error; one narrower than the recommended size a warning. */
export const PAD_MIN_DIAMETER_MM = 0.6;
export const PAD_RECOMMENDED_DIAMETER_MM = 0.8;
/** Guide pins a fixture needs to hold the board. */
export const MIN_TOOLING_HOLES = 2;

export const POGO_RULES = ['tooling_holes', 'no_probe_fits', 'pad_too_small', 'small_probe', 'pad_small', 'no_net'] as const;
export type PogoRule = (typeof POGO_RULES)[number];

export type PogoFinding = { severity: 'error' | 'warning'; rule: PogoRule; pad_ids: number[]; message: string };
export type PogoProbe = { pad_id: number; side: PadSide; probe: ProbeSize | null; nearest_mm: number | null };
export type PogoBoardAnalysis = {
  /** One per pad that is probed (every pad but tooling holes), in input order. */
  probes: PogoProbe[];
  counts: { P100: number; P75: number; P50: number; none: number };
  tooling_holes: number;
  findings: PogoFinding[];
  /** Any error: the request cannot leave the pogo-board step. */
  blocking: boolean;
};

/** Grid cell (mm): the biggest spacing that matters, so most pads find their neighbour in one ring. */
const CELL_MM = 2.54;
/** Rings of cells a grid searches before it hands the query to a coarser grid. */
const RING_CAP = 4;
/** Each coarser grid's cells are this many times bigger. */
const COARSER = 8;

/** To the micrometre, as compared and shown. */
const toMicrons = (mm: number) => Math.round(mm * 1000) / 1000;

/** 0.85 → "0.85", 0.985 → "0.985", 2.5 → "2.50". */
export function formatMm(mm: number): string {
  let text = toMicrons(mm).toFixed(3);
  if (text.endsWith('0')) text = text.slice(0, -1);
  return text;
}

/** The probe that fits a spacing (already in micrometres), or null when none does. */
export function probeForSpacing(spacing: number | null): ProbeSize | null {
  if (spacing === null) return 'P100';
  for (const { probe, min } of PROBE_MIN_SPACING_MM) if (spacing >= min) return probe;
  return spacing >= NO_PROBE_BELOW_MM ? 'P50' : null;
}

const probeRank = (probe: ProbeSize | null) => (probe === null ? 0 : 3 - PROBE_SIZES.indexOf(probe));

const goesThrough = (pad: PogoPad) => pad.kind === 'through_hole' || pad.kind === 'tooling';

type Nearest = { index: number; distance: number } | null;

/** A uniform grid over some pads: cell → the pads' indexes. */
class Grid {
  private readonly cells = new Map<number, Map<number, number[]>>();
  private minCx = Infinity;
  private maxCx = -Infinity;
  private minCy = Infinity;
  private maxCy = -Infinity;

  constructor(
    private readonly pads: readonly PogoPad[],
    members: readonly number[],
    private readonly cell: number,
  ) {
    for (const i of members) {
      const cx = Math.floor(pads[i].x / cell);
      const cy = Math.floor(pads[i].y / cell);
      let column = this.cells.get(cx);
      if (!column) this.cells.set(cx, (column = new Map()));
      const here = column.get(cy);
      if (here) here.push(i);
      else column.set(cy, [i]);
      this.minCx = Math.min(this.minCx, cx);
      this.maxCx = Math.max(this.maxCx, cx);
      this.minCy = Math.min(this.minCy, cy);
      this.maxCy = Math.max(this.maxCy, cy);
    }
  }

  /**
   * The nearest other pad to pad `self` (lowest index on a tie), null when there is none, or
   * undefined when it lies beyond `RING_CAP` rings of cells (a coarser grid answers then).
   */
  nearest(self: number): Nearest | undefined {
    const { x, y } = this.pads[self];
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    let bestIndex = -1;
    let bestD2 = Infinity;
    const consider = (cell: number[] | undefined) => {
      if (!cell) return;
      for (const i of cell) {
        if (i === self) continue;
        const dx = this.pads[i].x - x;
        const dy = this.pads[i].y - y;
        const d2 = dx * dx + dy * dy;
        if (d2 < bestD2 || (d2 === bestD2 && i < bestIndex)) {
          bestIndex = i;
          bestD2 = d2;
        }
      }
    };
    const lastRing = Math.max(cx - this.minCx, this.maxCx - cx, cy - this.minCy, this.maxCy - cy);
    for (let r = 0; r <= Math.min(lastRing, RING_CAP); r++) {
      // The cells of ring r only: whole columns at its left and right edges, the top and bottom cells between.
      for (let gx = Math.max(cx - r, this.minCx); gx <= Math.min(cx + r, this.maxCx); gx++) {
        const column = this.cells.get(gx);
        if (!column) continue;
        if (gx === cx - r || gx === cx + r) {
          for (let gy = Math.max(cy - r, this.minCy); gy <= Math.min(cy + r, this.maxCy); gy++) consider(column.get(gy));
        } else {
          consider(column.get(cy - r));
          consider(column.get(cy + r));
        }
      }
      // Every pad outside rings 0..r is more than r cells away; past the last ring there is none.
      if ((bestIndex >= 0 && Math.sqrt(bestD2) <= r * this.cell) || r === lastRing) {
        return bestIndex < 0 ? null : { index: bestIndex, distance: Math.sqrt(bestD2) };
      }
    }
    return undefined;
  }
}

/**
 * The pads one side's probes must keep clear of. A uniform grid of 2.54 mm cells answers almost
 * every query within a ring or two; a pad with nobody within `RING_CAP` cells (a sparse board, or
 * one imported in the wrong unit) asks grids `COARSER` times coarser in turn, built when first
 * needed, so every query stays a few rings of cells.
 */
class SideIndex {
  private readonly grids: Grid[] = [];

  constructor(
    private readonly pads: readonly PogoPad[],
    private readonly members: readonly number[],
  ) {}

  nearest(self: number): Nearest {
    for (let level = 0; ; level++) {
      this.grids[level] ??= new Grid(this.pads, this.members, CELL_MM * COARSER ** level);
      const found = this.grids[level].nearest(self);
      if (found !== undefined) return found;
    }
  }
}

const nameOf = (pad: PogoPad) => (pad.name.trim() === '' ? `pad ${pad.id}` : pad.name.trim());

/** The probe sizes, spacing, diameter, net and tooling-hole findings of a board's test pads (positions must be finite). */
export function analysePogoBoard(pads: readonly PogoPad[]): PogoBoardAnalysis {
  // The API's schema refuses these; a pure function must not loop on them either.
  const unplaced = pads.find((pad) => !Number.isFinite(pad.x) || !Number.isFinite(pad.y));
  if (unplaced) throw new RangeError(`Pad ${unplaced.id} has no finite position (${unplaced.x}, ${unplaced.y}).`);
  const members: Record<PadSide, number[]> = { top: [], bottom: [] };
  pads.forEach((pad, i) => {
    if (goesThrough(pad)) {
      members.top.push(i);
      members.bottom.push(i);
    } else members[pad.side].push(i);
  });
  const index: Record<PadSide, SideIndex> = { top: new SideIndex(pads, members.top), bottom: new SideIndex(pads, members.bottom) };

  const probes: PogoProbe[] = [];
  const counts = { P100: 0, P75: 0, P50: 0, none: 0 };
  // Each finding keeps the input index of its first pad, for the order of the list.
  const found: Array<PogoFinding & { at: number }> = [];
  const pairsSeen = new Set<string>();
  let toolingHoles = 0;

  pads.forEach((pad, i) => {
    if (pad.kind === 'tooling') {
      toolingHoles++;
      return;
    }
    const judge = (side: PadSide) => {
      const near = index[side].nearest(i);
      const spacing = near === null ? null : toMicrons(near.distance);
      return { side, near, spacing, probe: probeForSpacing(spacing) };
    };
    let at = judge(pad.side);
    if (pad.kind === 'through_hole') {
      const far = judge(pad.side === 'top' ? 'bottom' : 'top');
      if (probeRank(far.probe) > probeRank(at.probe)) at = far;
    }
    probes.push({ pad_id: pad.id, side: at.side, probe: at.probe, nearest_mm: at.spacing });
    counts[at.probe ?? 'none']++;

    if (at.near !== null && at.spacing !== null && at.spacing < SMALL_PROBE_BELOW_MM) {
      const [first, second] = i < at.near.index ? [i, at.near.index] : [at.near.index, i];
      const key = `${first},${second}`;
      if (!pairsSeen.has(key)) {
        pairsSeen.add(key);
        const both = `${nameOf(pads[first])} and ${nameOf(pads[second])} are ${formatMm(at.spacing)} mm apart`;
        const pad_ids = [pads[first].id, pads[second].id];
        if (at.probe === null) {
          found.push({ severity: 'error', rule: 'no_probe_fits', pad_ids, at: first, message: `${both}: no probe fits (needs at least ${formatMm(NO_PROBE_BELOW_MM)} mm).` });
        } else {
          const rated = PROBE_MIN_SPACING_MM[2].min;
          const why =
            at.spacing < rated
              ? `only a P50 probe fits, closer than the ${formatMm(rated)} mm it is rated for`
              : `only a P50 probe fits (${formatMm(SMALL_PROBE_BELOW_MM)} mm or more takes a P75)`;
          found.push({ severity: 'warning', rule: 'small_probe', pad_ids, at: first, message: `${both}: ${why}; small probes bend and wear sooner.` });
        }
      }
    }

    if (pad.diameter !== null) {
      const diameter = toMicrons(pad.diameter);
      const across = `${nameOf(pad)} is ${formatMm(diameter)} mm across`;
      if (diameter < PAD_MIN_DIAMETER_MM) {
        found.push({
          severity: 'error',
          rule: 'pad_too_small',
          pad_ids: [pad.id],
          at: i,
          message: `${across}: too small for a probe to hit (at least ${formatMm(PAD_MIN_DIAMETER_MM)} mm, ${formatMm(PAD_RECOMMENDED_DIAMETER_MM)} mm recommended).`,
        });
      } else if (diameter < PAD_RECOMMENDED_DIAMETER_MM) {
        found.push({
          severity: 'warning',
          rule: 'pad_small',
          pad_ids: [pad.id],
          at: i,
          message: `${across}: smaller than the ${formatMm(PAD_RECOMMENDED_DIAMETER_MM)} mm recommended, so a probe may miss it.`,
        });
      }
    }

    if (pad.net === null || pad.net.trim() === '') {
      found.push({ severity: 'warning', rule: 'no_net', pad_ids: [pad.id], at: i, message: `${nameOf(pad)} has no net: nothing says what it connects to.` });
    }
  });

  if (toolingHoles < MIN_TOOLING_HOLES) {
    const has = toolingHoles === 0 ? 'no tooling holes' : 'only one tooling hole';
    found.push({
      severity: 'error',
      rule: 'tooling_holes',
      pad_ids: [],
      at: -1,
      message: `The board has ${has}: a fixture needs at least ${MIN_TOOLING_HOLES} for its guide pins to hold the board in place.`,
    });
  }

  found.sort((a, b) => POGO_RULES.indexOf(a.rule) - POGO_RULES.indexOf(b.rule) || a.at - b.at);
  const findings = found.map(({ severity, rule, pad_ids, message }) => ({ severity, rule, pad_ids, message }));
  return { probes, counts, tooling_holes: toolingHoles, findings, blocking: findings.some((f) => f.severity === 'error') };
}
