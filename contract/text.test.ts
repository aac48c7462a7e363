import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStorableText, optionalText, requiredText } from './text';

/** Every schema the contract exports, by file and name. */
const MODULES = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/** Input schemas: the exports that are no answer (`…Schema`, `…Result`) nor an upload form's description (`…UploadForm`). */
const isInput = (name: string) => !/(Schema|Result|UploadForm|Answer)$/.test(name);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The text fields of a schema, by path: a field is text when a plain word parses there. Walks
 * objects, lists, wrappers (optional, nullable, default, pipe) and unions.
 */
function textFields(schema: z.ZodType, path: string, into: Map<string, z.ZodType>) {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? (schema as z.ZodObject).shape)) textFields(child, path ? `${path}.${key}` : key, into);
      return;
    case 'array':
      return textFields(def.element!, `${path}.0`, into);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return textFields(def.innerType!, path, into);
    case 'pipe':
      return textFields(def.in!, path, into);
    case 'union':
      for (const option of def.options ?? []) textFields(option, path, into);
      return;
    case 'string':
      into.set(path, schema);
  }
}

/** A word of the field's own form where it has one (a username's letters, a version's digits). */
const SAMPLES = ['abc', 'abc@example.com', '1.0.0', '2026-01-01', 'TP1'];

describe('the contract text helpers', () => {
  it('refuse NUL and half a surrogate pair, and keep an emoji', () => {
    expect(isStorableText('ok 😀 Prüf')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    const name = requiredText('Name').max(10, 'Name is at most 10 characters.');
    expect(name.safeParse('  \ud800 ').error?.issues.map((i) => i.message)).toEqual([
      'Name contains a character that cannot be saved (a NUL or half of a UTF-16 surrogate pair).',
    ]);
    expect(name.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['Name is required.']);
    expect(optionalText('Notes').safeParse('a\u0000').success).toBe(false);
    expect(optionalText('Notes').parse('  ok ')).toBe('ok');
  });

  it('guard every text field of every input schema in contract/', () => {
    const unguarded: string[] = [];
    let fields = 0;
    for (const [file, exports] of Object.entries(MODULES)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!(value instanceof z.ZodType) || !isInput(name)) continue;
        const found = new Map<string, z.ZodType>();
        textFields(value, '', found);
        for (const [path, field] of found) {
          // Only fields that take text at all (a date, an enum of words, a UUID decide alone).
          const sample = SAMPLES.find((s) => field.safeParse(s).success);
          if (sample === undefined) continue;
          fields += 1;
          for (const bad of [`${sample}\ud800`, `${sample}\u0000`]) {
            if (field.safeParse(bad).success) unguarded.push(`${file} ${name}.${path} takes ${JSON.stringify(bad)}`);
          }
        }
      }
    }
    expect(fields).toBeGreaterThan(50);
    expect(unguarded).toEqual([]);
  });
});
