import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';

/** Every key path of a catalogue, with whether its text has placeholders (`{{serial}}`). */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}
const placeholders = (catalogue: object) =>
  Object.fromEntries(
    keys(catalogue).map((path) => {
      const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue) as string;
      return [path, [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()];
    }),
  );

describe("the station's catalogues", () => {
  it('have the same keys in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('use the same placeholders in each text', () => {
    expect(placeholders(de)).toEqual(placeholders(en));
  });

  it('leave no text empty', () => {
    for (const catalogue of [en, de]) {
      expect(Object.values(placeholders(catalogue)).length).toBeGreaterThan(50);
      const empty = keys(catalogue).filter((path) => !(path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], catalogue) as string).trim());
      expect(empty).toEqual([]);
    }
  });
});
