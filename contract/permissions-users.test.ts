import { describe, expect, it } from 'vitest';
import { canChangeCompanyType, canEditUser, canManageUsersOf, type Principal } from './permissions';

// Rules finer than a route, for companies and their users (server/services/{companies,users}.ts).
const ALPHA = 1;
const OPS = 3;
const person = (id: number, company_id: number, ...slugs: string[]): Principal => ({
  id,
  company_id,
  roles: slugs.map((slug) => ({ slug })),
});
const root = person(1, OPS, 'superadmin');
const opsAdmin = person(2, OPS, 'admin');
const alphaAdmin = person(10, ALPHA, 'admin');
const alphaEngineer = person(11, ALPHA, 'engineer');
const alphaViewer = person(12, ALPHA, 'viewer');

describe('canManageUsersOf', () => {
  it('lets a superadmin manage any company and an admin only their own', () => {
    expect(canManageUsersOf(root, ALPHA)).toBe(true);
    expect(canManageUsersOf(alphaAdmin, ALPHA)).toBe(true);
    expect(canManageUsersOf(alphaAdmin, OPS)).toBe(false);
  });

  it('refuses the other roles of the company', () => {
    expect(canManageUsersOf(alphaEngineer, ALPHA)).toBe(false);
    expect(canManageUsersOf(alphaViewer, ALPHA)).toBe(false);
  });
});

describe('canChangeCompanyType', () => {
  it('is for superadmins only, not company admins', () => {
    expect(canChangeCompanyType(root)).toBe(true);
    expect(canChangeCompanyType(alphaAdmin)).toBe(false);
  });
});

describe('canEditUser', () => {
  it('lets a user edit themself, whatever their roles', () => {
    expect(canEditUser(alphaViewer, alphaViewer)).toBe(true);
    expect(canEditUser(root, root)).toBe(true);
  });

  it('lets a company admin edit a colleague but not a superadmin of the same company', () => {
    expect(canEditUser(alphaAdmin, alphaEngineer)).toBe(true);
    expect(canEditUser(opsAdmin, root)).toBe(false);
  });

  it('refuses colleagues without the admin role and admins of other companies', () => {
    expect(canEditUser(alphaEngineer, alphaViewer)).toBe(false);
    expect(canEditUser(opsAdmin, alphaViewer)).toBe(false);
  });

  it('lets a superadmin edit anyone', () => {
    expect(canEditUser(root, alphaAdmin)).toBe(true);
  });
});
