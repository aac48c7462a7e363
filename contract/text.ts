import { z } from 'zod';
import { listed, wordOf } from './labels';

/**
 * A text a person must fill. Empty (or only spaces) says "‹Label› is required." and stops there,
 * before any rule about its length or form would call an empty field badly formatted.
 */
export function requiredText(label: string) {
  const required = `${label} is required.`;
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
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
