import { AMS_TYPE_LABELS, type AmsType } from './cassette-module-types';
import { wordsOf } from './pin-names';

/**
 * Which instrument module (its AMS family) drives a pad group, from its resource type's name and
 * its nets. The catalogue does not link resource types to module families, so the words of the
 * resource type decide, as a person reading "Power rail" or "Digital I/O" would; a bus by its
 * nets (CAN_H → CAN, UART_TX → UART, I2C and SPI → GPIO). The first family of the list that a
 * selected module has wins.
 */

export type ModuleNeed =
  /** A ground return is wired to the fixture's ground: no module drives it. */
  | { kind: 'none'; why: string }
  /** The resource type's words name no family: the person chooses. */
  | { kind: 'unknown' }
  | { kind: 'family'; families: AmsType[] };

const RULES: { words: RegExp; families: AmsType[] }[] = [
  { words: /current|shunt/i, families: ['dmm', 'psu'] },
  { words: /power|rail|supply/i, families: ['psu', 'load'] },
  { words: /\bload\b/i, families: ['load', 'psu'] },
  { words: /waveform|scope|oscillo|sampled/i, families: ['scope', 'dmm'] },
  { words: /voltage|analog|sense|measure|resist|adc/i, families: ['dmm', 'scope'] },
  { words: /relay|switch/i, families: ['relay'] },
  { words: /\bcan\b/i, families: ['can'] },
  { words: /uart|serial|rs.?232|rs.?485/i, families: ['uart'] },
  { words: /digital|gpio|i\/o|\bio\b|logic/i, families: ['gpio'] },
];

/** A bus's family by its nets' words: CAN, UART (TX/RX), else the GPIO module bit-bangs I2C and SPI. */
function busFamilies(nets: readonly string[]): AmsType[] {
  const words = new Set(nets.flatMap(wordsOf));
  if (words.has('CAN') || words.has('CANH') || words.has('CANL')) return ['can'];
  if (['UART', 'TX', 'RX', 'TXD', 'RXD', 'RS232', 'RS485'].some((w) => words.has(w))) return ['uart', 'gpio'];
  return ['gpio'];
}

export function moduleNeed(resourceType: string, nets: readonly string[]): ModuleNeed {
  if (/ground|return|\bgnd\b/i.test(resourceType)) return { kind: 'none', why: 'A ground return is wired to the fixture’s ground; no module drives it.' };
  if (/bus|communication|i2c|spi/i.test(resourceType)) return { kind: 'family', families: busFamilies(nets) };
  const rule = RULES.find((r) => r.words.test(resourceType));
  return rule ? { kind: 'family', families: rule.families } : { kind: 'unknown' };
}

export const familyLabel = (family: AmsType) => AMS_TYPE_LABELS[family];
