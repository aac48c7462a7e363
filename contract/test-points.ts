import Papa from 'papaparse';
import { z } from 'zod';
import { allListed, listed } from './labels';
import { optionalText, requiredText } from './text';

/**
 * Test pads and the import of a test-point CSV (DOMAIN.md "Request processing").
 *
 * A customer's PCB tool exports the board's test points (or its pick-and-place file) as a table:
 * Altium's test point report, KiCad's position file, an Eagle ULP's output, a spreadsheet saved
 * with semicolons. `parseTestPoints` reads any of them into test pads in millimetres from the
 * board origin, and says for every row it refuses why, in words a person can act on. It is pure:
 * the app runs it for the preview, the server runs it again on what is sent.
 */

export const TEST_PAD_SIDES = ['top', 'bottom'] as const;
export type TestPadSide = (typeof TEST_PAD_SIDES)[number];
export const TEST_PAD_KINDS = ['pad', 'via', 'through_hole', 'tooling'] as const;
export type TestPadKind = (typeof TEST_PAD_KINDS)[number];

export const TEST_PAD_NAME_MAX = 64;
export const TEST_PAD_NET_MAX = 128;
/** How far from the board origin a pad may lie, either way, in mm (a 4 m board is no board). */
export const TEST_PAD_COORDINATE_MAX = 2000;
/** The largest pad or hole diameter, in mm. */
export const TEST_PAD_DIAMETER_MAX = 50;

const KIND_WORDS: Record<TestPadKind, string> = { pad: 'pad', via: 'via', through_hole: 'through-hole', tooling: 'tooling' };

const coordinate = (label: 'x' | 'y') =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} missing` : `${label} is not a number: ${quoted(issue.input)}`) })
    .min(-TEST_PAD_COORDINATE_MAX, { error: (issue) => `${label} is ${String(issue.input)} mm, beyond ±${TEST_PAD_COORDINATE_MAX} mm of the board origin` })
    .max(TEST_PAD_COORDINATE_MAX, { error: (issue) => `${label} is ${String(issue.input)} mm, beyond ±${TEST_PAD_COORDINATE_MAX} mm of the board origin` });

/**
 * One test pad as a person or a file gives it: x, y and diameter in mm from the board origin
 * (bottom-left, DOMAIN.md "test pad"). Messages name the field first, in lower case, as the
 * import's preview lists them ("name missing", "x is 2540 mm, beyond ±2000 mm of the board origin").
 */
export const testPadInput = z.object({
  name: requiredText('name', { required: 'name missing' })
    .max(TEST_PAD_NAME_MAX, { error: `name is longer than ${TEST_PAD_NAME_MAX} characters` }),
  /** The net the pad sits on; empty is null (a pad without a net is a design-for-test warning). */
  net: optionalText('net', { error: 'net is text' })
    .max(TEST_PAD_NET_MAX, { error: `net is longer than ${TEST_PAD_NET_MAX} characters` })
    .nullable()
    .transform((net) => (net === '' ? null : net)),
  x: coordinate('x'),
  y: coordinate('y'),
  side: z.enum(TEST_PAD_SIDES, { error: (issue) => `side ${quoted(issue.input)} is neither top nor bottom` }),
  diameter: z
    .number({ error: (issue) => `diameter is not a number: ${quoted(issue.input)}` })
    .gt(0, { error: (issue) => `diameter is ${String(issue.input)} mm; it must be more than 0 mm` })
    .max(TEST_PAD_DIAMETER_MAX, { error: (issue) => `diameter is ${String(issue.input)} mm, more than ${TEST_PAD_DIAMETER_MAX} mm` })
    .nullable(),
  kind: z.enum(TEST_PAD_KINDS, {
    error: (issue) => `kind ${quoted(issue.input)} is not one of ${listed(TEST_PAD_KINDS.map((k) => KIND_WORDS[k]))}`,
  }),
});
export type TestPadInput = z.output<typeof testPadInput>;

/** A value as a message quotes it: `'abc'`, long ones cut short. */
function quoted(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return `'${text.length > 32 ? `${text.slice(0, 30)}…` : text}'`;
}

// ---------------------------------------------------------------------------------------------
// Columns

export type TestPadField = keyof TestPadInput;
export const LENGTH_UNITS = ['mm', 'mil', 'inch'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

const MM_PER: Record<LengthUnit, number> = { mm: 1, mil: 0.0254, inch: 25.4 };

/** A length in `unit` as mm, rounded to 4 decimals (0.1 µm; a mil is 0.0254 mm exactly). */
export function toMm(value: number, unit: LengthUnit): number {
  const mm = Math.round(value * MM_PER[unit] * 10_000) / 10_000;
  return mm === 0 ? 0 : mm; // never -0
}

/** Unit words as headers and values write them, lower case without dots or spaces. */
const UNIT_WORDS: Record<string, LengthUnit> = {
  mm: 'mm', millimeter: 'mm', millimeters: 'mm', millimetre: 'mm', millimetres: 'mm',
  mil: 'mil', mils: 'mil', thou: 'mil',
  in: 'inch', inch: 'inch', inches: 'inch', '"': 'inch', '″': 'inch',
};
const unitOf = (word: string): LengthUnit | undefined => UNIT_WORDS[word.toLowerCase().replace(/[.\s]/g, '')];

/**
 * The header names each field goes by, as keys (lower case, letters and digits only), most
 * telling first: when two columns name one field the earlier key wins and the other is ignored.
 */
const FIELD_KEYS: Record<TestPadField, readonly string[]> = {
  name: ['testpoint', 'testpointname', 'tp', 'tpname', 'name', 'designator', 'refdes', 'ref', 'reference'],
  net: ['net', 'netname', 'signal', 'signalname'],
  x: ['x', 'posx', 'xpos', 'centerx', 'centrex', 'midx', 'locationx', 'xlocation', 'coordx', 'xcoord', 'refx'],
  y: ['y', 'posy', 'ypos', 'centery', 'centrey', 'midy', 'locationy', 'ylocation', 'coordy', 'ycoord', 'refy'],
  side: ['side', 'boardside', 'layer', 'tb', 'mirror', 'mirrored'],
  diameter: ['diameter', 'dia', 'paddiameter', 'padsize', 'size', 'drill', 'drillsize', 'holesize'],
  kind: ['kind', 'type', 'padtype', 'tptype'],
};
const FIELDS = Object.keys(FIELD_KEYS) as TestPadField[];
const LENGTH_FIELDS: readonly TestPadField[] = ['x', 'y', 'diameter'];
const MIRROR_KEYS = new Set(['mirror', 'mirrored']);
/** The order a row's reasons are listed in. */
const FIELD_ORDER: readonly TestPadField[] = ['name', 'net', 'x', 'y', 'side', 'diameter', 'kind'];

/** What became of one column of the file. */
export type ColumnMapping = {
  /** 0-based position in the header line. */
  index: number;
  /** The column's name as in the file, trimmed (an empty one is "Column 3", a repeated one "X #2"); the key of `raw`. */
  header: string;
  /** The field it fills, or null when ignored. */
  field: TestPadField | null;
  /** For x, y and diameter: the unit its numbers are read in (null when it varies by value). */
  unit: LengthUnit | null;
  /** Where that unit came from: the header ("X (mil)"), the values' own suffixes ("12.5mm"), or the file's unit. */
  unitFrom: 'header' | 'values' | 'file' | null;
  /** Why an ignored column is ignored, in words. */
  note?: string;
};

export type ColumnDetection = {
  columns: ColumnMapping[];
  /** Each detected field's column index. */
  fields: Partial<Record<TestPadField, number>>;
  /** The headers of the columns no field took. */
  ignored: string[];
};

/** A header's unit: in brackets ("X (mil)", "Center-X(mm)", "Size [in]") or a last word ("X mm", "PosX_mil"). */
function headerUnit(header: string): LengthUnit | null {
  for (const match of header.matchAll(/[([]([^)\]]*)[)\]]/g)) {
    const unit = unitOf(match[1] ?? '');
    if (unit) return unit;
  }
  const last = /[\s_-](mm|mils?|thou|inch(?:es)?)$/i.exec(header.trim());
  return last ? (unitOf(last[1] ?? '') ?? null) : null;
}

/** A header as a key: brackets and a trailing unit dropped, lower case, letters and digits only. */
function headerKey(header: string): string {
  return header
    .replace(/[([][^)\]]*[)\]]/g, '')
    .trim()
    .replace(/[\s_-](mm|mils?|thou|inch(?:es)?)$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Unique labels for the columns: "Column 3" for an empty one, "X #2" for a repeated one. */
function columnLabels(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((h, i) => {
    const base = h.trim() === '' ? `Column ${i + 1}` : h.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} #${count}`;
  });
}

/**
 * Which column of a test-point or pick-and-place export fills which field, case- and
 * punctuation-insensitive ("Center-X(mm)", "Pos X", "REFDES"), with the unit a header names.
 */
export function detectColumns(headers: string[]): ColumnDetection {
  const labels = columnLabels(headers);
  const keys = headers.map(headerKey);
  const fields: Partial<Record<TestPadField, number>> = {};
  for (const field of FIELDS) {
    let best = -1;
    let bestRank = Infinity;
    keys.forEach((key, index) => {
      const rank = FIELD_KEYS[field].indexOf(key);
      if (rank >= 0 && rank < bestRank) [best, bestRank] = [index, rank];
    });
    if (best >= 0) fields[field] = best;
  }
  const fieldAt = new Map(Object.entries(fields).map(([f, i]) => [i, f as TestPadField]));
  const columns = headers.map((header, index): ColumnMapping => {
    const field = fieldAt.get(index) ?? null;
    const unit = field && LENGTH_FIELDS.includes(field) ? headerUnit(header) : null;
    const column: ColumnMapping = { index, header: labels[index] ?? header, field, unit, unitFrom: unit ? 'header' : null };
    if (!field) {
      const also = FIELDS.find((f) => FIELD_KEYS[f].includes(keys[index] ?? ''));
      column.note = also
        ? `another ${also} column: ${labels[fields[also] ?? 0]} is used`
        : 'not a test-point column';
    }
    return column;
  });
  return { columns, fields, ignored: columns.filter((c) => !c.field).map((c) => c.header) };
}

// ---------------------------------------------------------------------------------------------
// Values

const SIDE_WORDS: Record<string, TestPadSide> = {
  top: 'top', t: 'top', front: 'top', f: 'top', '1': 'top', toplayer: 'top', topside: 'top', frontside: 'top',
  fcu: 'top', component: 'top', componentside: 'top',
  bottom: 'bottom', b: 'bottom', bot: 'bottom', back: 'bottom', '2': 'bottom', bottomlayer: 'bottom',
  bottomside: 'bottom', backside: 'bottom', bcu: 'bottom', solder: 'bottom', solderside: 'bottom', mirrored: 'bottom',
};
/** A "Mirror" column says yes for the bottom side (the part is mirrored), no for the top. */
const MIRROR_WORDS: Record<string, TestPadSide> = {
  ...SIDE_WORDS, yes: 'bottom', y: 'bottom', true: 'bottom', '1': 'bottom', mirror: 'bottom',
  no: 'top', n: 'top', false: 'top', '0': 'top', notmirrored: 'top',
};
const KIND_VALUES: Record<string, TestPadKind> = {
  pad: 'pad', smd: 'pad', smt: 'pad', smdpad: 'pad', testpad: 'pad', surfacemount: 'pad', surface: 'pad',
  via: 'via', testvia: 'via',
  th: 'through_hole', tht: 'through_hole', pth: 'through_hole', throughhole: 'through_hole', thru: 'through_hole',
  thruhole: 'through_hole', thpad: 'through_hole', platedhole: 'through_hole',
  tooling: 'tooling', tool: 'tooling', toolinghole: 'tooling', mounting: 'tooling', mountinghole: 'tooling',
  mh: 'tooling', fiducialhole: 'tooling', npth: 'tooling', guide: 'tooling', guidehole: 'tooling', guidepin: 'tooling',
};
/** Names that mark a tooling hole when no column says the kind: TH1, MH-2, TOOL3, TOOLING_A (not THERM1). */
const TOOLING_NAME = /^(?:TH|MH)(?![A-Z])|^TOOL/i;
const wordKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-z"″.]*)$/i;

type Parsed<T> = { value: T } | { error: string };

/** A length cell in mm: its own suffix ("500mil") if any, else the column's or the file's unit. */
function parseLength(
  label: string,
  text: string,
  column: ColumnMapping,
  fileUnit: LengthUnit,
  decimalComma: boolean,
  suffixes: Set<LengthUnit | null>,
): Parsed<number> | null {
  if (text === '') return null;
  const normal = decimalComma && !text.includes('.') ? text.replace(',', '.') : text;
  const match = NUMBER.exec(normal);
  const suffix = match?.[2] ? unitOf(match[2]) : undefined;
  if (!match || (match[2] && !suffix)) return { error: `${label} is not a number: ${quoted(text)}` };
  if (suffix && column.unit && suffix !== column.unit) {
    return { error: `${label} ${quoted(text)} is in ${suffix} but its column ${column.header} is in ${column.unit}` };
  }
  suffixes.add(suffix ?? null);
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return { error: `${label} is not a number: ${quoted(text)}` };
  return { value: toMm(value, suffix ?? column.unit ?? fileUnit) };
}

// ---------------------------------------------------------------------------------------------
// The file

/** The import's options, as the server checks them when a client sends them. */
export const testPointOptions = z.object({
  /**
   * The unit of lengths whose header and value name none. Pass it only when a person chose one:
   * it overrides a unit the file's title lines declare ("## Unit = mm", "Units: mil"). Default mm.
   */
  unit: z.enum(LENGTH_UNITS, { error: 'unit must be mm, mil or inch' }).optional(),
});
export type TestPointOptions = z.infer<typeof testPointOptions>;

export type TestPointRow = {
  /** The row's line in the file, from 1 (title lines and the header count). */
  line: number;
  /** The row's text by column header (`ColumnMapping.header`). */
  raw: Record<string, string>;
  /** The pad, when the row has no errors. */
  pad?: TestPadInput;
  /** Why the row is refused, one reason each; empty when accepted. */
  errors: string[];
};

export type TestPointImport = {
  columns: ColumnMapping[];
  rows: TestPointRow[];
  /** The pads of the rows without errors, in file order. */
  accepted: TestPadInput[];
  /** How many rows have errors. */
  refused: number;
  /** Where the header is and how the file is split; null when no header was found. */
  header: { line: number; delimiter: ',' | ';' | '\t' } | null;
  /** The unit of lengths that name none, and where it came from. */
  unit: { unit: LengthUnit; from: 'option' | 'title' | 'default' };
  /** Why nothing could be read (empty file, no header line); null otherwise. */
  problem: string | null;
};

const DELIMITERS = [',', ';', '\t'] as const;
/** How many non-blank lines may come before the header (titles, dates, units). */
const HEADER_SEARCH_LINES = 100;
const REQUIRED: readonly TestPadField[] = ['name', 'x', 'y'];
const FIELD_NAMES: Record<'name' | 'x' | 'y', string> = {
  name: 'a name column is named Name, RefDes, Designator, TP or Ref',
  x: 'an x column is named X, Pos X, Center-X, Mid X or Ref X',
  y: 'a y column is named Y, Pos Y, Center-Y, Mid Y or Ref Y',
};
const TITLE_UNIT = /\bunits?(?:\s+used)?\s*[:=]\s*(mm|mils?|thou|inch(?:es)?|in)\b/i;

function splitLine(line: string, delimiter: string): string[] {
  return (Papa.parse<string[]>(line, { delimiter }).data[0] ?? []).map((cell) => cell.trim());
}

/**
 * Reads a test-point CSV: finds the header (the first line naming a name, an x and a y column;
 * title and comment lines before it are skipped), the delimiter (comma, semicolon or tab), the
 * units, and turns every row into a pad or into the reasons it is refused. Quoted fields, a
 * byte-order mark, CRLF and decimal commas (in semicolon files) are read as spreadsheets write them.
 */
export function parseTestPoints(text: string, options: TestPointOptions = {}): TestPointImport {
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = normal.split('\n', HEADER_SEARCH_LINES * 4);

  let titleUnit: LengthUnit | undefined;
  let header: { line: number; delimiter: (typeof DELIMITERS)[number]; cells: string[]; detection: ColumnDetection } | null = null;
  let nearest: { line: number; detection: ColumnDetection; found: number } | null = null;
  let offset = 0;
  let seen = 0;
  for (let i = 0; i < lines.length && seen < HEADER_SEARCH_LINES; i++) {
    const line = lines[i] ?? '';
    offset += line.length + 1;
    if (line.trim() === '') continue;
    seen++;
    for (const delimiter of DELIMITERS) {
      const cells = splitLine(line, delimiter);
      const detection = detectColumns(cells);
      const found = FIELDS.filter((f) => detection.fields[f] !== undefined).length;
      if (REQUIRED.every((f) => detection.fields[f] !== undefined)) {
        if (!header || cells.length > header.cells.length) header = { line: i + 1, delimiter, cells, detection };
      } else if (found > 0 && (!nearest || found > nearest.found)) {
        nearest = { line: i + 1, detection, found };
      }
    }
    if (header) break;
    titleUnit ??= unitOf(TITLE_UNIT.exec(line)?.[1] ?? '');
  }

  const fileUnit = options.unit ?? titleUnit ?? 'mm';
  const unit = { unit: fileUnit, from: options.unit ? ('option' as const) : titleUnit ? ('title' as const) : ('default' as const) };
  const empty = { rows: [], accepted: [], refused: 0, unit };
  if (!header) {
    if (normal.trim() === '') return { ...empty, columns: [], header: null, problem: 'The file is empty.' };
    if (nearest) {
      const missing = REQUIRED.filter((f) => nearest.detection.fields[f] === undefined) as ('name' | 'x' | 'y')[];
      return {
        ...empty,
        columns: nearest.detection.columns,
        header: null,
        problem: `Line ${nearest.line} looks like the header but has no ${allListed(missing)} column${missing.length > 1 ? 's' : ''}: ${missing.map((f) => FIELD_NAMES[f]).join('; ')}.`,
      };
    }
    return {
      ...empty,
      columns: [],
      header: null,
      problem: `No line names a name, an x and a y column: ${Object.values(FIELD_NAMES).join('; ')}.`,
    };
  }

  const { detection, delimiter } = header;
  const { columns, fields } = detection;
  const parsed = Papa.parse<string[]>(normal.slice(offset), { delimiter });
  const quoteErrors = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.type === 'Quotes') quoteErrors.set(error.row, 'a quoted value is never closed');
  }

  const context: RowContext = {
    columns,
    fields,
    fileUnit,
    decimalComma: delimiter === ';',
    suffixes: columns.map((c) => (c.field && LENGTH_FIELDS.includes(c.field) ? new Set() : null)),
    mirror: fields.side === undefined ? null : MIRROR_KEYS.has(headerKey(header.cells[fields.side] ?? '')),
  };
  // A row spans more than one line only through a quoted value with a line break in it.
  const quotes = normal.includes('"', offset);

  const rows: TestPointRow[] = [];
  const names: string[] = [];
  const firstByName = new Map<string, number>();
  const repeated = new Map<string, number[]>();
  let line = header.line + 1;
  const data = parsed.data;
  for (let index = 0; index < data.length; index++) {
    const cells = data[index] as string[];
    const rowLine = line;
    if (quotes) for (const c of cells) for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) line++;
    line++;
    if (isBlank(cells)) continue;

    const { row, name } = readRow(cells, rowLine, context, quoteErrors.get(index));
    if (name !== '') {
      const key = name.toLowerCase();
      const first = firstByName.get(key);
      if (first === undefined) firstByName.set(key, rows.length);
      else {
        const same = repeated.get(key);
        if (same) same.push(rows.length);
        else repeated.set(key, [first, rows.length]);
      }
    }
    names.push(name);
    rows.push(row);
  }

  for (const same of repeated.values()) {
    const where = allListed(same.map((i) => String(rows[i]?.line)));
    for (const i of same) {
      const row = rows[i] as TestPointRow;
      row.errors.push(`name ${names[i]} appears on lines ${where}`);
      delete row.pad;
    }
  }

  for (const column of columns) {
    if (!column.field || !LENGTH_FIELDS.includes(column.field) || column.unitFrom) continue;
    const used = context.suffixes[column.index] ?? new Set();
    if (used.size > 0 && !used.has(null)) {
      column.unitFrom = 'values';
      column.unit = used.size === 1 ? ([...used][0] ?? null) : null;
    } else {
      column.unitFrom = 'file';
      column.unit = fileUnit;
    }
  }

  const accepted: TestPadInput[] = [];
  for (const row of rows) if (row.pad) accepted.push(row.pad);
  return { columns, rows, accepted, refused: rows.length - accepted.length, header: { line: header.line, delimiter }, unit, problem: null };
}

/** What reading a row needs to know of the file. */
type RowContext = {
  columns: ColumnMapping[];
  fields: Partial<Record<TestPadField, number>>;
  fileUnit: LengthUnit;
  decimalComma: boolean;
  /** Per column (x, y, diameter only): the units its values named, null for a value naming none. */
  suffixes: (Set<LengthUnit | null> | null)[];
  /** Whether the side column is a Mirror column (yes = bottom); null without a side column. */
  mirror: boolean | null;
};

/** A blank line (only delimiters and spaces) or a comment ("# …"): not a row. */
function isBlank(cells: string[]): boolean {
  const first = cells[0] ?? '';
  if (first.trimStart().startsWith('#')) return true;
  for (const c of cells) if (c.trim() !== '') return false;
  return true;
}

const ORDER_OF: Record<string, number> = Object.fromEntries(FIELD_ORDER.map((f, i) => [f, i]));

/** One row as a pad, or the reasons it is refused (in the order of the pad's fields). */
function readRow(cells: string[], line: number, context: RowContext, quoteError: string | undefined): { row: TestPointRow; name: string } {
  const { columns, fields } = context;
  const raw: Record<string, string> = {};
  for (let i = 0; i < columns.length; i++) raw[(columns[i] as ColumnMapping).header] = cells[i] ?? '';
  const cell = (field: TestPadField) => {
    const index = fields[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };

  const errors: string[] = [];
  const orders: number[] = [];
  const failed = new Set<string>();
  const fail = (field: TestPadField | null, message: string) => {
    errors.push(message);
    orders.push(field ? (ORDER_OF[field] ?? -1) : -1);
    if (field) failed.add(field);
  };
  if (quoteError) fail(null, quoteError);
  let extra = 0;
  for (let i = columns.length; i < cells.length; i++) if ((cells[i] as string).trim() !== '') extra++;
  if (extra) fail(null, `line has ${columns.length + extra} values but the header names ${columns.length} columns`);

  const length = (field: 'x' | 'y' | 'diameter') => {
    const index = fields[field];
    if (index === undefined) return null;
    const column = columns[index] as ColumnMapping;
    const result = parseLength(field, cell(field), column, context.fileUnit, context.decimalComma, context.suffixes[index] as Set<LengthUnit | null>);
    if (result && 'error' in result) {
      fail(field, result.error);
      return null;
    }
    return result ? result.value : null;
  };

  const name = cell('name');
  const x = length('x');
  if (x === null && !failed.has('x')) fail('x', 'x missing');
  const y = length('y');
  if (y === null && !failed.has('y')) fail('y', 'y missing');
  const diameter = length('diameter');

  let side: TestPadSide = 'top';
  if (context.mirror !== null) {
    const text = cell('side');
    const found = (context.mirror ? MIRROR_WORDS : SIDE_WORDS)[wordKey(text)];
    if (found) side = found;
    else if (!(text === '' && context.mirror)) fail('side', text === '' ? 'side missing' : `side ${quoted(text)} is neither top nor bottom`);
  }

  let kind: TestPadKind = TOOLING_NAME.test(name) ? 'tooling' : 'pad';
  const kindText = cell('kind');
  if (kindText !== '') {
    const found = KIND_VALUES[wordKey(kindText)];
    if (found) kind = found;
    else fail('kind', `kind ${quoted(kindText)} is not one of ${listed(TEST_PAD_KINDS.map((k) => KIND_WORDS[k]))}`);
  }

  const net = cell('net');
  const candidate = { name, net: net === '' ? null : net, x: x ?? 0, y: y ?? 0, side, diameter, kind };
  // The schema's rules, checked directly first: zod, run on each of 10,000 rows, was half the
  // time of an import. It still says why a row breaks them (the tests pin both to the same bounds).
  const fits =
    name.length >= 1 &&
    name.length <= TEST_PAD_NAME_MAX &&
    net.length <= TEST_PAD_NET_MAX &&
    Math.abs(candidate.x) <= TEST_PAD_COORDINATE_MAX &&
    Math.abs(candidate.y) <= TEST_PAD_COORDINATE_MAX &&
    (diameter === null || (diameter > 0 && diameter <= TEST_PAD_DIAMETER_MAX));
  const checked = fits ? { success: true as const, data: candidate, error: undefined } : testPadInput.safeParse(candidate);
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0] as TestPadField;
    if (!failed.has(field)) fail(field, issue.message);
  }
  if (errors.length > 1) {
    const sorted = errors.map((message, i) => ({ message, order: orders[i] ?? -1 })).sort((a, b) => a.order - b.order);
    errors.splice(0, errors.length, ...sorted.map((e) => e.message));
  }
  const row: TestPointRow = { line, raw, errors };
  if (checked.success && errors.length === 0) row.pad = checked.data;
  return { row, name };
}
