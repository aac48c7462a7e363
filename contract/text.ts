import { z } from 'zod';
import { listed, wordOf } from './labels';

/**
 * What no text field may hold: NUL, which PostgreSQL refuses to store, and half of a UTF-16
 * surrogate pair (`"\ud800"` in JSON), which neither database keeps as sent (SQLite stores
 * U+FFFD instead, so two different names become one and a unique index answers a 5xx). In the
 * `u` mode a lone surrogate is a code point of category Cs; a whole pair (an emoji) is not.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** True when `text` can be stored and read back exactly as sent. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** "Name contains a character that cannot be saved …": the refusal of every text helper. */
export const unstorableMessage = (label: string) =>
  `${label} contains a character that cannot be saved (a NUL or half of a UTF-16 surrogate pair).`;

type TextOptions = {
  /** The message when the value is no text at all; default "‹Label› is text.". */
  error?: string;
  /** Trim spaces at both ends (the default); a password keeps them. */
  trim?: boolean;
};

/**
 * A text a person may leave empty (notes, a unit, a description): trimmed unless said, and
 * refused when it holds a character that cannot be stored. Chain the length and form rules:
 * `optionalText('Unit').max(20, 'Unit is at most 20 characters.')`.
 */
export function optionalText(label: string, options: TextOptions = {}) {
  const base = z.string({ error: options.error ?? `${label} is text.` });
  return (options.trim === false ? base : base.trim()).refine(isStorableText, { error: unstorableMessage(label) });
}

/**
 * A text a person must fill. Empty (or only spaces) says "‹Label› is required." and stops there,
 * before any rule about its length or form would call an empty field badly formatted. A
 * character that cannot be stored (NUL, half a surrogate pair) is refused on the field too.
 */
export function requiredText(label: string, options: { trim?: boolean; required?: string } = {}) {
  const required = options.required ?? `${label} is required.`;
  const base = z.string({ error: required });
  return (options.trim === false ? base : base.trim())
    .min(1, { error: required, abort: true })
    .refine(isStorableText, { error: unstorableMessage(label), abort: true });
}

/**
 * One of `values`, named in every message by what people read: nothing chosen is "Role is
 * required.", anything else "Role must be one of Administrator, Engineer, Operator or Viewer."
 */
export function choice<const V extends readonly [string, ...string[]]>(
  values: V,
  label: string,
  labels: Partial<Record<V[number], string>> = {},
) {
  const words = values.map((v) => labels[v as V[number]] ?? wordOf(v));
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required.`
        : `${label} must be one of ${listed(words)}.`,
  });
}
