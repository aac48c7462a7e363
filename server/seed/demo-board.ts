import type { TestPadKind, TestPadSide } from '../../contract/test-points';

/**
 * The demo's MC-300 motor controller board (120 × 80 mm, origin bottom-left) as its CAD tool
 * would export it: a test-point report (CSV, Altium's columns) and the top copper's test pads as
 * a Gerber file. About 330 pads on both sides, three tooling holes, and every pad ≥ 1.5 mm from
 * its neighbours, so the pogo board has no errors; a few warnings (a Kelvin pair 1.5 mm apart,
 * a small pad, a pad without a net) give the pogo-board step something to show.
 */

export type BoardPad = { name: string; net: string | null; x: number; y: number; side: TestPadSide; diameter: number; kind: TestPadKind };

const BOARD = { width: 120, height: 80 };

/** Signal nets a motor controller probes, one test point each. */
const SIGNALS = [
  'SDA', 'SCL', 'CAN_H', 'CAN_L', 'UART_TX', 'UART_RX', 'PHASE_A', 'PHASE_B', 'PHASE_C', 'GATE_AH', 'GATE_AL', 'GATE_BH',
  'GATE_BL', 'GATE_CH', 'GATE_CL', 'HALL_A', 'HALL_B', 'HALL_C', 'TEMP_NTC', 'VBUS_SENSE', 'BOOT0', 'LED_STATUS', 'ENC_A', 'ENC_B',
];

/**
 * The net of the n-th pad: power and ground come back often (every rail is probed in several
 * places), every signal of SIGNALS once, and the rest are the schematic's unnamed nets.
 */
function netNamer(): (n: number) => string {
  let signals = 0;
  return (n) => {
    if (n % 4 === 0) return 'GND';
    if (n % 11 === 1) return '+3V3';
    if (n % 13 === 2) return 'VBAT';
    if (n % 17 === 3) return '+5V';
    if (n % 19 === 5) return '+12V';
    if (n % 3 === 1 && signals < SIGNALS.length) return SIGNALS[signals++];
    return `Net-(R${100 + n}-Pad2)`;
  };
}

/** A deterministic ±0.3 mm wobble: placed by hand, not on a grid. */
const wobble = (n: number, salt: number) => Math.round(Math.sin(n * 12.9898 + salt * 78.233) * 300) / 1000;
const mm = (value: number) => Math.round(value * 1000) / 1000;

export function mc300Pads(): BoardPad[] {
  const pads: BoardPad[] = [];
  const netOf = netNamer();
  let n = 0;
  const add = (pad: Omit<BoardPad, 'name'>) => pads.push({ name: `TP${++n}`, ...pad });

  // Top: a 4.2 × 5.0 mm field, three slots in five used.
  for (let j = 0; j < 12; j++) {
    for (let i = 0; i < 25; i++) {
      if ((i + 2 * j) % 5 >= 3) continue;
      add({ net: netOf(n + 1), x: mm(10 + 4.2 * i + wobble(n, 1)), y: mm(10 + 5 * j + wobble(n, 2)), side: 'top', diameter: 1, kind: 'pad' });
    }
  }
  // Bottom: offset from the top's, every other slot; every fifth a test via.
  for (let j = 0; j < 11; j++) {
    for (let i = 0; i < 24; i++) {
      if ((i + j) % 2 !== 0) continue;
      const via = (n + 1) % 5 === 0;
      add({ net: netOf(n + 1), x: mm(12.1 + 4.2 * i + wobble(n, 3)), y: mm(12.5 + 5 * j + wobble(n, 4)), side: 'bottom', diameter: via ? 0.8 : 1, kind: via ? 'via' : 'pad' });
    }
  }
  // The SWD header (J3): through-hole pins at 2.0 mm pitch, probed from either side.
  ['+3V3', 'SWDIO', 'SWCLK', 'NRST', 'GND'].forEach((net, pin) =>
    add({ net, x: mm(40 + 2 * pin), y: 73, side: 'top', diameter: 1.1, kind: 'through_hole' }),
  );
  // A current-sense Kelvin pair 1.5 mm apart (P50 probes: a warning), a small reference pad, a spare.
  add({ net: 'ISNS_A_P', x: 100, y: 71, side: 'bottom', diameter: 0.9, kind: 'pad' });
  add({ net: 'ISNS_A_N', x: 101.5, y: 71, side: 'bottom', diameter: 0.9, kind: 'pad' });
  add({ net: 'VREF', x: 80, y: 73, side: 'top', diameter: 0.7, kind: 'pad' });
  add({ net: null, x: 20, y: 73, side: 'top', diameter: 1, kind: 'pad' });

  // Guide pins go through three corners.
  [[3.5, 3.5], [BOARD.width - 3.5, 3.5], [3.5, BOARD.height - 3.5]].forEach(([x, y], k) =>
    pads.push({ name: `H${k + 1}`, net: null, x, y, side: 'top', diameter: 3.2, kind: 'tooling' }),
  );
  return pads;
}

const LAYER: Record<TestPadSide, string> = { top: 'Top', bottom: 'Bottom' };
const TYPE: Record<TestPadKind, string> = { pad: 'SMD', via: 'Via', through_hole: 'PTH', tooling: 'Tooling' };

/** The test-point report, as Altium writes one: title lines, then a header the import recognises. */
export function testPointCsv(title: string, pads: readonly BoardPad[]): string {
  const lines = [
    `Test Point Report for ${title}`,
    'Units used: mm',
    '',
    'Designator,Net,X (mm),Y (mm),Layer,Diameter (mm),Type',
    ...pads.map((p) => [p.name, p.net ?? '', p.x.toFixed(3), p.y.toFixed(3), LAYER[p.side], p.diameter.toFixed(2), TYPE[p.kind]].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** RS-274X of the board outline and the top side's test pads (through-hole pins and tooling holes among them), flashed with round apertures (4.6 format, mm). */
export function topCopperGerber(title: string, pads: readonly BoardPad[]): string {
  const coordinate = (value: number) => String(Math.round(value * 1e6));
  const top = pads.filter((p) => p.side === 'top');
  const sizes = [...new Set(top.map((p) => p.diameter))].sort((a, b) => a - b);
  const aperture = new Map(sizes.map((size, k) => [size, 11 + k]));
  const lines = [
    `G04 ${title} test pads, top copper*`,
    '%FSLAX46Y46*%',
    '%MOMM*%',
    '%LPD*%',
    '%ADD10C,0.150000*%',
    ...sizes.map((size) => `%ADD${aperture.get(size)}C,${size.toFixed(6)}*%`),
    'D10*',
    `X0Y0D02*`,
    `X${coordinate(BOARD.width)}Y0D01*`,
    `X${coordinate(BOARD.width)}Y${coordinate(BOARD.height)}D01*`,
    `X0Y${coordinate(BOARD.height)}D01*`,
    'X0Y0D01*',
  ];
  for (const size of sizes) {
    lines.push(`D${aperture.get(size)}*`);
    for (const pad of top) if (pad.diameter === size) lines.push(`X${coordinate(pad.x)}Y${coordinate(pad.y)}D03*`);
  }
  lines.push('M02*');
  return `${lines.join('\n')}\n`;
}
