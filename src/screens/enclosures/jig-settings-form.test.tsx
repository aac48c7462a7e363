import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnclosureSetting, EnclosureSettingUpdateInput } from '../../../contract/enclosure-settings';

/**
 * The jig settings form against a fake server: the contract's rules before any call, the
 * server's refusal beside its field, and "Clear project" sending `project_id: null`.
 */

const server = vi.hoisted(() => ({ bodies: [] as unknown[], refuse: null as Record<string, string[]> | null }));

const jig: EnclosureSetting = {
  id: 7,
  enclosure_id: 3,
  company_id: 2,
  name: 'Rework bench',
  registered_name: 'Rework bench',
  location: 'Hall 3',
  project: { id: 1, name: 'Motor controller MC-200' },
  serial: 'JB-1004',
  provisioning: 'provisioned',
  firmware_version: '2.3.1',
  last_seen_at: null,
  online: false,
  reports_per_day: [],
  reports_total: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
};

vi.mock('../../app/use-leave-guard', () => ({ useLeaveGuard: () => ({ release: () => {} }) }));
vi.mock('../../components/toast', () => ({ showSuccess: () => {} }));
vi.mock('../../api/enclosure-settings', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/enclosure-settings')>();
  return {
    ...actual,
    jigChanged: async () => {},
    updateJig: async (_id: number, body: EnclosureSettingUpdateInput) => {
      server.bodies.push(body);
      if (server.refuse) {
        throw new AxiosError('Request failed with status code 422', '422', undefined, undefined, {
          status: 422,
          data: { message: 'Some fields are not valid.', errors: server.refuse },
          headers: {},
        } as never);
      }
      return { ...jig, ...body, project: body.project_id ? { id: body.project_id, name: 'Sensor hub SH-10' } : null };
    },
  };
});

// Files share a worker's modules (vitest.config.ts): import afresh to meet this file's mocks.
vi.resetModules();
const { JigSettingsForm } = await import('./jig-settings-form');

function setup() {
  server.bodies = [];
  server.refuse = null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JigSettingsForm jig={jig} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('JigSettingsForm', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('refuses an empty name beside the field, without a call', async () => {
    const user = setup();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(server.bodies).toEqual([]);
  });

  it("shows the server's refusal of the project beside the project", async () => {
    const user = setup();
    server.refuse = { project_id: ['There is no project with id 1 in this company.'] };
    await user.type(screen.getByRole('textbox', { name: 'Location' }), ', bay 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('There is no project with id 1 in this company.');
    expect(screen.getByRole('combobox', { name: 'Project' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends project_id null when the project is cleared, with the name and location as typed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Clear project' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies).toEqual([{ name: 'Rework bench', location: 'Hall 3', project_id: null }]));
    expect(screen.queryByRole('button', { name: 'Clear project' })).toBeNull();
  });
});
