import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Invite } from '../../../../contract/invites';
import { deliveredTitle, InviteDelivered } from './invite-delivered';

const invite: Invite = {
  id: 3,
  project_id: 1,
  email: 'maker@example.com',
  role: 'engineer',
  manufacturer_id: null,
  manufacturer_name: null,
  status: 'pending',
  expires_at: '2030-01-08T10:00:00.000Z',
  invited_by: { id: 2, username: 'acme-engineer' },
  accepted_by: null,
  accepted_at: null,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};

describe('InviteDelivered', () => {
  afterEach(cleanup);

  it('says the invitation was emailed and shows no link when a mail server sent it', () => {
    render(<InviteDelivered sent={{ ...invite, delivery: 'email' }} />);
    expect(screen.getByRole('status').textContent).toBe('Invitation sent to maker@example.com');
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
    expect(document.body.textContent).not.toMatch(/register\?token/);
    expect(deliveredTitle({ ...invite, delivery: 'email' }, false)).toBe('Invitation sent');
    expect(deliveredTitle({ ...invite, delivery: 'email' }, true)).toBe('Invitation sent again');
  });

  it('shows the link once to copy without a mail server', () => {
    render(<InviteDelivered sent={{ ...invite, delivery: 'link', token: 'tok' }} resent />);
    expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toBe(`${window.location.origin}/register?token=tok`);
    expect(screen.getByText('The link sent before no longer works.')).toBeTruthy();
    expect(deliveredTitle({ ...invite, delivery: 'link', token: 'tok' }, false)).toBe('Invitation created');
    expect(deliveredTitle({ ...invite, delivery: 'link', token: 'tok' }, true)).toBe('New invitation link');
  });
});
