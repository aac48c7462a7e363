import { describe, expect, it } from 'vitest';
import { emptyRepairForm, partsErrorsOnField, repairFormInput, repairFormSchema, splitParts } from './repair-form-values';

const parse = (patch: Partial<ReturnType<typeof emptyRepairForm>>) =>
  repairFormSchema.safeParse(repairFormInput({ ...emptyRepairForm(), failure_code_id: '4', action: 'Reflowed U3', ...patch }));

describe('the repair form', () => {
  it('splits parts at commas, semicolons and spaces, in upper case and each once', () => {
    expect(splitParts(' r12, U3;c101  R12\nJ1.4 ')).toEqual(['R12', 'U3', 'C101', 'J1.4']);
    expect(splitParts('  ')).toEqual([]);
  });

  it('sends the parts as a list, the code as a number and no empty notes', () => {
    const result = parse({ parts: 'r12, u3', notes: '   ' });
    expect(result.success && result.data).toEqual({ outcome: 'repaired', failure_code_id: 4, action: 'Reflowed U3', parts: ['R12', 'U3'] });
  });

  it('names every part that is not a reference designator on the parts field', () => {
    const result = parse({ parts: 'R12 3V3 U-7' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.filter((i) => i.path.join('.') === 'parts');
    expect(issues.map((i) => i.message)).toEqual(['“3V3” and “U-7” are not reference designators such as R12 or U3.']);
  });

  it('asks for a failure code and the action, in the contract’s words', () => {
    const result = repairFormSchema.safeParse(repairFormInput(emptyRepairForm()));
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({ failure_code_id: 'Choose a failure code.', action: 'Say what was done.' });
  });

  it('refuses more parts than a repair records', () => {
    const many = Array.from({ length: 51 }, (_, i) => `R${i + 1}`).join(' ');
    expect(parse({ parts: many }).error?.issues[0]?.message).toBe('At most 50 parts.');
  });

  it('puts the server’s refusal of one part on the parts field', () => {
    expect(partsErrorsOnField({ 'parts.1': ['A part is a reference designator such as R12 or U3.'], action: ['Say what was done.'] })).toEqual({
      parts: ['A part is a reference designator such as R12 or U3.'],
      action: ['Say what was done.'],
    });
  });
});
