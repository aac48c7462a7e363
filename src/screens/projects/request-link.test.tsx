import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RequestLink } from './request-link';

/** The project page's way back to its request: only for superadmins, only when a request made it. */

const show = (request_id: number | null, role: string) =>
  render(
    <Router hook={memoryLocation({ path: '/projects/4' }).hook}>
      <RequestLink project={{ request_id }} user={{ roles: [{ slug: role }] }} />
    </Router>,
  );

describe('RequestLink', () => {
  afterEach(cleanup);

  it('links a superadmin to the request the project was made from', () => {
    show(12, 'superadmin');
    expect(screen.getByRole('link', { name: 'From request #12' }).getAttribute('href')).toBe('/manage/requests/process/12');
  });

  it('shows nothing to others, or for a project made without a request', () => {
    show(12, 'company_admin');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show(null, 'superadmin');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
