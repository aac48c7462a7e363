import { describe, expect, it } from 'vitest';
import { can, canEditUser, decide, grantableRoleSlugs, mayInviteAs, rolesFor, type Principal } from './permissions';

let nextId = 100;
const person = (company_id: number, ...roles: string[]): Principal => ({
  id: ++nextId,
  company_id,
  roles: roles.map((slug) => ({ slug })),
});
const admin = person(1, 'admin');
const engineer = person(1, 'engineer');
const viewer = person(1, 'viewer');
const otherAdmin = person(2, 'admin');
const superadmin = person(9, 'superadmin');
const member = { ...person(3, 'admin'), member_project_ids: [7] };
const project = { company_id: 1, project_id: 7 };

describe('decide', () => {
  it('asks for a login first, whatever the row', () => {
    expect(decide(null, 'read', project)).toBe('unauthenticated');
    expect(decide(undefined, 'platform')).toBe('unauthenticated');
    expect(decide(null, 'public')).toBe('allow');
    expect(decide(null, 'jig')).toBe('allow');
  });

  it("hides another company's row (404) before speaking of roles", () => {
    expect(decide(otherAdmin, 'read', project)).toBe('hidden');
    expect(decide(otherAdmin, 'production.edit', project)).toBe('hidden');
    expect(decide(otherAdmin, 'company.manage', { company_id: 1 })).toBe('hidden');
  });

  it('lets the owning company read, and its admins and engineers run production', () => {
    expect(decide(viewer, 'read', project)).toBe('allow');
    expect(decide(engineer, 'production.edit', project)).toBe('allow');
    expect(decide(viewer, 'production.edit', project)).toBe('forbidden');
    expect(decide(engineer, 'company.manage', project)).toBe('forbidden');
    expect(decide(admin, 'company.manage', project)).toBe('allow');
  });

  it("gives a project member from another company reading only: their own company's roles do not count", () => {
    expect(decide(member, 'read', project)).toBe('allow');
    expect(decide(member, 'production.edit', project)).toBe('forbidden');
    expect(decide(member, 'company.read', project)).toBe('forbidden');
    expect(decide(member, 'read', { company_id: 1, project_id: 8 })).toBe('hidden');
  });

  it("lets a company's admins and engineers change its jigs' settings; operators, viewers and project members only read them", () => {
    const jig = { company_id: 1 };
    const operator = person(1, 'operator');
    expect(decide(admin, 'jigs.edit', jig)).toBe('allow');
    expect(decide(engineer, 'jigs.edit', jig)).toBe('allow');
    expect(decide(operator, 'jigs.edit', jig)).toBe('forbidden');
    expect(decide(viewer, 'jigs.edit', jig)).toBe('forbidden');
    expect(decide(operator, 'read', jig)).toBe('allow');
    // A jig is the company's, never a project's: a member of one of its projects does not see it.
    expect(decide(member, 'read', jig)).toBe('hidden');
    expect(decide(otherAdmin, 'jigs.edit', jig)).toBe('hidden');
    expect(decide(superadmin, 'jigs.edit', jig)).toBe('allow');
    expect(rolesFor('jigs.edit')).toEqual(['superadmin', 'admin', 'engineer']);
  });

  it('keeps the platform to superadmins, who pass everywhere', () => {
    expect(decide(admin, 'platform')).toBe('forbidden');
    expect(decide(superadmin, 'platform')).toBe('allow');
    expect(decide(superadmin, 'production.edit', project)).toBe('allow');
    expect(decide(superadmin, 'company.read', project)).toBe('allow');
  });

  it('lets a user edit their own account, and their company admins too', () => {
    const self = { company_id: 1, user_id: viewer.id };
    expect(decide(viewer, 'user.edit', self)).toBe('allow');
    expect(decide(engineer, 'user.edit', self)).toBe('forbidden');
    expect(decide(admin, 'user.edit', self)).toBe('allow');
    expect(decide(otherAdmin, 'user.edit', self)).toBe('hidden');
  });

  it('judges row-less role permissions in the caller\'s own company', () => {
    expect(decide(admin, 'users.manage')).toBe('allow');
    expect(decide(viewer, 'users.manage')).toBe('forbidden');
  });
});

describe('finer rules', () => {
  it('never lets a company admin edit a superadmin, nor anyone of another company', () => {
    const platformUser = { id: 1, company_id: 1, roles: [{ slug: 'superadmin' }] };
    expect(canEditUser(admin, platformUser)).toBe(false);
    expect(canEditUser(admin, { id: 2, company_id: 1, roles: [{ slug: 'viewer' }] })).toBe(true);
    expect(canEditUser(otherAdmin, { id: 2, company_id: 1, roles: [{ slug: 'viewer' }] })).toBe(false);
    expect(canEditUser(superadmin, platformUser)).toBe(true);
  });

  it('grants roles by rank and invites admins only as an admin of that company', () => {
    expect(grantableRoleSlugs(superadmin)).toContain('superadmin');
    expect(grantableRoleSlugs(admin)).toEqual(['admin', 'engineer', 'operator', 'viewer']);
    expect(grantableRoleSlugs(engineer)).toEqual([]);
    expect(mayInviteAs(engineer, 'viewer', 1)).toBe(true);
    expect(mayInviteAs(engineer, 'admin', 1)).toBe(false);
    expect(mayInviteAs(admin, 'admin', 1)).toBe(true);
    expect(mayInviteAs(member, 'admin', 1)).toBe(false);
  });

  it('names the roles a permission asks for, as the route table does', () => {
    expect(rolesFor('platform')).toEqual(['superadmin']);
    expect(rolesFor('read')).toBeUndefined();
    expect(can(null, 'read')).toBe(false);
  });
});
