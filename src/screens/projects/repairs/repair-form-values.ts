import { z } from 'zod';
import { MAX_PARTS, REFERENCE_DESIGNATOR, repairCompleteInput, type RepairOutcome } from '../../../../contract/repairs';
import { allListed } from '../../../../contract/labels';

/** What the repair form holds: text as typed, the failure code as the select's value. */
export type RepairFormValues = {
  outcome: RepairOutcome;
  failure_code_id: string;
  action: string;
  parts: string;
  notes: string;
};

export const emptyRepairForm = (): RepairFormValues => ({ outcome: 'repaired', failure_code_id: '', action: '', parts: '', notes: '' });

/**
 * The parts as the contract reads the field (commas, semicolons or spaces between them), in
 * upper case as silkscreens print them, each once: `r12, u3 R12` is `R12 U3`.
 */
export function splitParts(text: string): string[] {
  const parts = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((p) => p.toUpperCase());
  return [...new Set(parts)];
}

/**
 * The contract's completion with `parts` checked as the one text field it is on the form: a
 * wrong designator is named in the field's message (the contract's check would put it on
 * `parts.3`, a field the form does not have).
 */
export const repairFormSchema = repairCompleteInput.extend({
  parts: z
    .string()
    .transform(splitParts)
    .superRefine((parts, ctx) => {
      const wrong = parts.filter((p) => !REFERENCE_DESIGNATOR.test(p));
      if (wrong.length)
        ctx.addIssue({
          code: 'custom',
          message: `${allListed(wrong.map((p) => `“${p}”`))} ${wrong.length === 1 ? 'is not a reference designator' : 'are not reference designators'} such as R12 or U3.`,
        });
      else if (parts.length > MAX_PARTS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_PARTS} parts.` });
    }),
});
export type RepairFormOutput = z.output<typeof repairFormSchema>;

/** The form's values as the schema reads them: the code as a number, empty notes left out. */
export const repairFormInput = (values: RepairFormValues) => ({
  ...values,
  failure_code_id: values.failure_code_id ? Number(values.failure_code_id) : undefined,
  notes: values.notes.trim() ? values.notes : undefined,
});

/** A server refusal of one part (`parts.2`) belongs on the parts field, the one the form has. */
export function partsErrorsOnField(fieldErrors: Record<string, string[] | undefined>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (!messages?.length) continue;
    const target = /^parts\.\d+$/.test(key) ? 'parts' : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}
