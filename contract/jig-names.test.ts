import { describe, expect, it } from 'vitest';
import { jigNames, jigNameText } from './jig-names';

describe('jigNames', () => {
  const renamed = { name: 'EOL tester A', registered_name: 'MC-200 line jig A' };
  const same = { name: 'Rework bench', registered_name: 'Rework bench' };
  const company = { platform: false, superadmin: false };
  const superadminOnCompanyScreen = { platform: false, superadmin: true };
  const platform = { platform: true, superadmin: true };

  it('shows company users the company’s name for its jig, and nothing else', () => {
    expect(jigNames(renamed, company)).toEqual({ title: 'EOL tester A', also: null });
  });

  it('shows a superadmin on a company’s screen the company’s name, with the registered one beneath', () => {
    expect(jigNames(renamed, superadminOnCompanyScreen)).toEqual({ title: 'EOL tester A', also: 'Registered as “MC-200 line jig A”' });
  });

  it('shows the platform’s screens the registered name, with the company’s beneath', () => {
    expect(jigNames(renamed, platform)).toEqual({ title: 'MC-200 line jig A', also: 'Its company calls it “EOL tester A”' });
  });

  it('says one name once where both are the same', () => {
    for (const audience of [company, superadminOnCompanyScreen, platform]) expect(jigNames(same, audience)).toEqual({ title: 'Rework bench', also: null });
  });

  it('puts both in one line for a select or a message', () => {
    expect(jigNameText(renamed, platform)).toBe('MC-200 line jig A (its company calls it “EOL tester A”)');
    expect(jigNameText(renamed, company)).toBe('EOL tester A');
  });
});
