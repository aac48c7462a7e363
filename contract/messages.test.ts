import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { productionBatchCreateInput, productionBatchUpdateInput } from './batches';
import { companyCreateInput } from './companies';
import { manageDeviceUpdateInput } from './devices';
import { enclosureUpdateFields } from './enclosure-updates';
import { inviteCreateInput } from './invites';
import { projectUpdateInput } from './projects';
import { releaseBatchCreateInput } from './release-batches';
import { userCreateInput } from './users';

/** The first message per field, as a form shows it (and as the API's 422 lists it first). */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('messages a person understands', () => {
  it('an empty required field says it is required, not that it is badly formatted or short', () => {
    expect(messages(userCreateInput, { username: '', email: ' ', password: '', password_confirmation: '', role_ids: [1] })).toMatchObject({
      username: 'Username is required.',
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(messages(companyCreateInput, { name: '  ', type: '' })).toEqual({ name: 'Name is required.', type: 'Type is required.' });
    expect(messages(projectUpdateInput, { name: '' })).toEqual({ name: 'Name is required.' });
    expect(messages(productionBatchCreateInput, { name: '', manufacturer_id: 1, planned_quantity: 5 })).toEqual({ name: 'Name is required.' });
    expect(messages(releaseBatchCreateInput, { name: '' })).toEqual({ name: 'Name is required.' });
    expect(messages(enclosureUpdateFields, { description: '' })).toMatchObject({ description: 'Description is required.' });
    expect(messages(manageDeviceUpdateInput, { serial: '' })).toEqual({ serial: 'Serial is required.' });
    expect(messages(inviteCreateInput, { email: '', role: '' })).toEqual({ email: 'Email is required.', role: 'Role is required.' });
  });

  it('a filled field that breaks a rule still says which rule', () => {
    expect(messages(userCreateInput, { username: 'ab', email: 'nope', password: 'short', password_confirmation: 'short', role_ids: [1] })).toMatchObject({
      username: 'Username needs at least 3 characters.',
      email: 'Email is not a valid address.',
      password: 'Password needs at least 10 characters.',
    });
    expect(messages(companyCreateInput, { name: 'A', type: 'customer' })).toEqual({ name: 'Name needs at least 2 characters.' });
  });

  it('a choice names the options by their labels, never the internal values', () => {
    expect(messages(inviteCreateInput, { email: 'a@b.co', role: 'superadmin' })).toEqual({
      role: 'Role must be one of Administrator, Engineer, Operator or Viewer.',
    });
    expect(messages(companyCreateInput, { name: 'Acme', type: 'partner' })).toEqual({
      type: 'Type must be one of Customer, Manufacturer or Operator.',
    });
    expect(messages(productionBatchUpdateInput, { status: 'done' })).toEqual({ status: 'Status must be one of Open or Closed.' });
    expect(messages(projectUpdateInput, { status: 'gone' })).toEqual({ status: 'Status must be one of Active or Archived.' });
    expect(messages(manageDeviceUpdateInput, { status: 'ok' })).toEqual({
      status: 'Status must be one of Untested, Passed, Failed, Released or Scrapped.',
    });
  });
});
