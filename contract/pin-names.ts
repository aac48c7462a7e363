/**
 * What the name of a net or a connector pin says about it, as board and fixture designers name
 * them: a supply rail and its voltage (`+3V3`, `VCC_3V3`, `3.3V`, `VBAT`), ground (`GND_2`), a
 * debug or programming pin (`SWDIO`, `NRST`, `TCK`), or a general pin that names no function
 * (`GPIO7`, `AIN3`). The pin mapping proposer (pin-mapping.ts) ranks pins with these.
 */

/** A rail by its voltage (`3.3 V`) or, where the name gives none, by the rail's own name (`VBAT`). */
export type Rail = { key: string; label: string };

/** Rails that boards name instead of giving a voltage. */
const NAMED_RAILS = ['VBUS', 'VBAT', 'VIN', 'VSYS', 'VMOT', 'VM', 'VPP', 'VLED', 'VCHG'];

const tokensOf = (name: string) => name.toUpperCase().split(/[^A-Z0-9.]+/).filter(Boolean);

/** `3V3` → 3.3, `5V` → 5, `1V8` → 1.8, `3.3V` → 3.3, `12V0` → 12; null when no token is a voltage. */
function voltageOf(token: string): number | null {
  const match = /^(?:VCC|VDD|P|V)?(\d+(?:\.\d+)?)V(\d*)$/.exec(token);
  if (!match) return null;
  const volts = Number(match[2] ? `${match[1]}.${match[2]}` : match[1]);
  return Number.isFinite(volts) && volts > 0 && volts <= 1000 ? volts : null;
}

/**
 * The rail a name names, or null: a voltage anywhere in it wins (`VCC_3V3`, `+3V3`, `3V3 rail`
 * are one rail), else a rail named without one (`VBAT`, `VBUS`). `VBUS_SENSE` names VBUS: a pin
 * so named is treated as that rail's, which keeps other supplies off it.
 */
export function railOf(name: string): Rail | null {
  const tokens = tokensOf(name.replace(/,/g, '.'));
  for (const token of tokens) {
    const volts = voltageOf(token);
    if (volts !== null) return { key: `${volts}V`, label: `${volts.toLocaleString('en')} V` };
  }
  const named = tokens.find((t) => NAMED_RAILS.includes(t));
  return named ? { key: named, label: named } : null;
}

/** Ground and return: `GND`, `GND_2`, `AGND`, `PGND`, `VSS`, `0V`. */
export function isGroundName(name: string): boolean {
  return /^(?:[ADP]?GND|GROUND|VSS|0V)(?:[_-]?\d+)?$/i.test(name.trim().replace(/^[+-]/, ''));
}

/** Debug and programming pins: SWD, JTAG, reset and boot straps. */
export function isDebugName(name: string): boolean {
  return /^(?:SWD\w*|SWCLK|SWO|N?RST|N?RESET|TCK|TMS|TDI|TDO|N?TRST|JTAG\w*|BOOT\d?)$/i.test(name.trim().replace(/[\s-]/g, '_'));
}

/** A general pin names no function, only a bank and a number: `GPIO7`, `AIN3`, `IO12`, `ADC3`, `DIO_4`. */
export function isGeneralName(name: string): boolean {
  return /^(?:GPIO|GPI|GPO|IO|DIO|AIN|AI|ADC|CH|P|PIN)[_-]?\d+$/i.test(name.trim());
}

/** Letters and digits only, upper case: `+3V3` and `3v3` are one name, `I2C_SDA` is `I2CSDA`. */
export const plainName = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Words that say nothing about which pin fits: a shared "BUS" or "NET" is no match. */
const FILLER = new Set(['NET', 'PAD', 'PIN', 'RAIL', 'BUS', 'SIGNAL', 'LINE', 'TP', 'SENSE', 'IN', 'OUT']);

/** The words of a name that may match a pin's: `I2C bus` → I2C; `Net-(R101-Pad2)` → R101, PAD2 minus filler. */
export function wordsOf(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !FILLER.has(w));
}
