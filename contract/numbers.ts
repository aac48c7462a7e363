import { z } from 'zod';

/**
 * The shared builders for every number a client sends. Each is bounded to what its
 * column holds, so no number reaches the database that it would refuse (a 5xx or a generic 400
 * otherwise): a client's mistake is a 422 on the field, on both databases alike.
 *
 * - Bodies are JSON: a number field takes a JSON number only; `"3"`, `true` and `null` are
 *   refused, never coerced.
 * - Query strings are text by nature: their numbers are digits only (`"3"`), never `"1e3"`,
 *   `"0x10"`, `" 3"`, `""` or `"true"`.
 */

/** Ids are 32-bit `integer` columns on both databases; a larger number names no row. */
export const MAX_ID = 2_147_483_647;
/** The largest value a 32-bit `integer` column (a count, a quantity) holds. */
export const MAX_INT32 = 2_147_483_647;

/** Every page of every list lies below this: a table holds at most MAX_ID rows, a page at least one. */
export const MAX_PAGE = MAX_ID;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const grouped = (n: number) => n.toLocaleString('en-US');

/** A wrong value as a message shows it: `"3"` for text, `true`, `[1]`; long ones cut short. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 24 ? `${text.slice(0, 20)}…` : text;
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

type Issue = { input?: unknown };

/**
 * An id in a JSON body, e.g. `idField('manufacturer')`: a whole number from 1 to MAX_ID.
 * Missing → "Manufacturer is required." (or `required`); `"3"`, `true`, `1.5` → "Manufacturer
 * id is a whole number, not "3"."; 0 or 2^31 → "There is no manufacturer with id 2147483648."
 */
export function idField(noun: string, options: { required?: string } = {}) {
  const message = (issue: Issue) => {
    const value = issue.input;
    if (value === undefined) return options.required ?? `${capitalized(noun)} is required.`;
    if (!isWhole(value)) return `${capitalized(noun)} id is a whole number, not ${shown(value)}.`;
    return `There is no ${noun} with id ${value}.`;
  };
  return wholeIdNumber(message);
}

/** A whole number from 1 to MAX_ID, every refusal worded by `message`. */
function wholeIdNumber(message: (issue: Issue) => string) {
  return z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });
}

/** One id inside a list: like `idField`, worded for a list ("Device ids are whole numbers, …"). */
function idItem(noun: string) {
  const message = (issue: Issue) => {
    const value = issue.input;
    if (!isWhole(value)) return `${capitalized(noun)} ids are whole numbers, not ${shown(value)}.`;
    return `There is no ${noun} with id ${value}.`;
  };
  return wholeIdNumber(message);
}

export type IdListOptions = {
  /** Fewest ids (default 0) and the message when fewer, e.g. "Pick at least one role.". */
  min?: number;
  minMessage?: string;
  /** Most ids at once and the message when more. */
  max: number;
  maxMessage?: string;
  /** When the field is missing or not a list; default "A list of <noun> ids.". */
  error?: string;
};

/**
 * A list of ids in a JSON body (`add`, `remove`, `device_ids`, `role_ids`): a JSON array of
 * whole numbers from 1 to MAX_ID. `true`, `"3"`, `[1]`, `null`, `1.5` or `2^31` inside are a 422
 * keyed by the item (`add.0`, the form shows it on `add`), never coerced.
 */
export function idListField(noun: string, options: IdListOptions) {
  const notList = options.error ?? `A list of ${noun} ids.`;
  const list = z.array(idItem(noun), { error: notList }).max(options.max, {
    error: options.maxMessage ?? `At most ${grouped(options.max)} ${noun} ids at once.`,
  });
  return options.min ? list.min(options.min, { error: options.minMessage ?? notList }) : list;
}

export type CountOptions = {
  min: number;
  /** At most MAX_INT32: the column is a 32-bit integer. */
  max: number;
  minMessage?: string;
  maxMessage?: string;
  required?: string;
};

/**
 * A whole number for an integer column (a planned quantity), e.g.
 * `countField('Planned quantity', { min: 1, max: 10_000_000 })`. Wrong types and fractions →
 * "Planned quantity is a whole number."; out of range → the bound it broke.
 */
export function countField(label: string, options: CountOptions) {
  if (options.max > MAX_INT32 || options.min < -MAX_INT32 - 1) {
    throw new Error(`countField(${label}): a 32-bit integer column holds ${-MAX_INT32 - 1}..${MAX_INT32}`);
  }
  const whole = `${label} is a whole number.`;
  const message = (issue: Issue) => {
    const value = issue.input;
    if (value === undefined) return options.required ?? `${label} is required.`;
    if (!isWhole(value)) return whole;
    if (value < options.min) return options.minMessage ?? `${label} is at least ${grouped(options.min)}.`;
    return options.maxMessage ?? `${label} is at most ${grouped(options.max)}.`;
  };
  return z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(options.min, { error: message })
    .max(options.max, { error: message });
}

/**
 * A measured value (a jig step's value and limits): any finite JSON number. JSON cannot carry
 * NaN or Infinity, and strings such as `"3.3"` are refused rather than read.
 */
export function realField(label: string) {
  return z.number({
    error: (issue: Issue) => (issue.input === undefined ? `${label} is required.` : `${label} is a number, not ${shown(issue.input)}.`),
  });
}

export type QueryIntOptions = {
  min: number;
  max: number;
  /** Wrong text ("abc", "1e3", "true"); default "<name> is a whole number, not …". */
  typeMessage?: (value: unknown) => string;
  minMessage: string;
  maxMessage: (value: number) => string;
};

/**
 * A whole number in a query string: digits only, then checked against its range. The output is
 * a number; the OpenAPI input is a string with the digits pattern.
 */
export function queryIntField(name: string, options: QueryIntOptions) {
  const typeMessage = (issue: Issue) =>
    options.typeMessage?.(issue.input) ?? `${name} is a whole number, not ${shown(issue.input)}.`;
  return z
    .string({ error: typeMessage })
    .regex(/^[0-9]+$/, { error: typeMessage })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(options.min, { error: options.minMessage })
        .max(options.max, { error: (issue: Issue) => options.maxMessage(issue.input as number) }),
    );
}

/**
 * An id as a list filter (`?production_batch_id=3`): digits only, 1 to MAX_ID; anything else is
 * a 422 on the filter. (A path id such as `/projects/99999999999` is a 404 instead: see
 * `parseId` in server/http/validate.ts.)
 */
export function idQueryField(noun?: string) {
  const typeMessage = (value: unknown) => `${noun ? `${capitalized(noun)} ids` : 'Ids'} are whole numbers, not ${shown(value)}.`;
  const none = (value: number) => (noun ? `There is no ${noun} with id ${value}.` : `No such id: ${value}.`);
  return queryIntField(noun ?? 'id', {
    min: 1,
    max: MAX_ID,
    typeMessage,
    minMessage: none(0),
    maxMessage: none,
  });
}
