import { describe, expect, it } from 'vitest';
import { whoMay } from './role-note';

const acme = { company_id: 1, roles: [{ slug: 'operator' }] };
const volt = { company_id: 2, roles: [{ slug: 'admin' }] };
const platform = { company_id: 9, roles: [{ slug: 'superadmin' }] };
const project = { company_id: 1, named: 'the project’s company' };

describe('whoMay', () => {
  it('names the roles the permission asks for, in words', () => {
    expect(whoMay('production.edit', 'create release batches', acme, project)).toBe(
      'Only administrators and engineers can create release batches.',
    );
    expect(whoMay('company.manage', 'archive the project', acme, project)).toBe('Only administrators can archive the project.');
    expect(whoMay('company.read', 'see invitations')).toBe('Only administrators, engineers, operators and viewers can see invitations.');
    expect(whoMay('platform', 'add companies', acme)).toBe('Only the platform’s administrators can add companies.');
  });

  it('tells someone of another company that their roles do not count here', () => {
    expect(whoMay('production.edit', 'add manufacturers', volt, project)).toBe(
      'Only administrators and engineers of the project’s company can add manufacturers.',
    );
    expect(whoMay('production.edit', 'add manufacturers', platform, project)).toBe('Only administrators and engineers can add manufacturers.');
  });
});
