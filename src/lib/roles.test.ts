import { describe, expect, it } from 'vitest';
import { editsProductionOf, invitesAdmins } from './roles';

const user = (slug: string, company_id = 3) => ({ company_id, roles: [{ slug }] });

describe('editsProductionOf', () => {
  it('lets admins and engineers of the project’s company, and superadmins, edit production', () => {
    expect(editsProductionOf(user('admin'), 3)).toBe(true);
    expect(editsProductionOf(user('engineer'), 3)).toBe(true);
    expect(editsProductionOf(user('superadmin', 1), 3)).toBe(true);
  });

  it('leaves operators, viewers, people of another company and nobody reading only', () => {
    expect(editsProductionOf(user('operator'), 3)).toBe(false);
    expect(editsProductionOf(user('viewer'), 3)).toBe(false);
    // A manufacturer's admin invited into the project reads it.
    expect(editsProductionOf(user('admin', 4), 3)).toBe(false);
    expect(editsProductionOf(null, 3)).toBe(false);
  });

  it('offers admin invitations to admins and superadmins only', () => {
    expect(invitesAdmins(user('admin'))).toBe(true);
    expect(invitesAdmins(user('superadmin'))).toBe(true);
    expect(invitesAdmins(user('engineer'))).toBe(false);
  });
});
