import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRequest, SelectedModule } from '../../../../contract/requests';

/** The modules step against a fake server: the choices by slot, the slots used, a change and a removal. */

const module = (id: number, slot: number, name: string, ams_type: SelectedModule['module_type']['ams_type']): SelectedModule => ({
  id,
  request_id: 7,
  project_id: null,
  slot,
  module_type: { id: id * 10, name, ams_type },
});

const server = vi.hoisted(() => ({ modules: [] as SelectedModule[], calls: [] as string[] }));

vi.mock('../../../api/request-hardware', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/request-hardware')>();
  return {
    ...actual,
    selectedModulesOptions: (id: number) => ({ queryKey: actual.requestHardwareKeys.modules(id), queryFn: async () => [...server.modules] }),
    updateSelectedModule: async (id: number, input: { slot?: number }) => {
      server.calls.push(`PATCH ${id} ${JSON.stringify(input)}`);
      server.modules = server.modules.map((m) => (m.id === id && input.slot ? { ...m, slot: input.slot } : m));
      return server.modules.find((m) => m.id === id);
    },
    removeSelectedModule: async (id: number) => {
      server.calls.push(`DELETE ${id}`);
      server.modules = server.modules.filter((m) => m.id !== id);
    },
  };
});

// Files share a worker's modules (vitest.config.ts): another file's mock of the same API module
// may be loaded already, so the screen is imported afresh to meet this file's mock.
vi.resetModules();
const { ModulesStep } = await import('./modules-step');

function setup() {
  server.modules = [module(2, 5, 'PSU-2', 'psu'), module(1, 1, 'DMM-1', 'dmm')];
  server.calls = [];
  const onDataChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ModulesStep request={{ id: 7 } as ProjectRequest} onDataChanged={onDataChanged} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), onDataChanged };
}

describe('ModulesStep', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists the modules by slot with their family and counts the slots used', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Selected modules' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Slot 1DMM-1DMM/), expect.stringMatching(/^Slot 5PSU-2PSU/)]);
    // The cassette's size by the rule the project made from the request uses (cassetteSize): slot 5 makes it 5.
    expect(screen.getByText(/2 of 5/).parentElement?.textContent).toBe('2 of 5 slots usedThe cassette has 5 slots; a module in a higher slot makes it larger, up to 16.');
  });

  it('moves a module to another slot, keeping its type', async () => {
    const { user, onDataChanged } = setup();
    await user.click(await screen.findByRole('button', { name: 'Change slot 5 · PSU-2' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Change slot 5 · PSU-2' });
    expect(within(dialog).getByRole('combobox', { name: 'AMS module' })).toHaveProperty('value', 'PSU-2');
    await user.selectOptions(within(dialog).getByLabelText('Slot'), 'Slot 3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls).toEqual(['PATCH 2 {"cassette_module_type_id":20,"slot":3}']);
    // Slots 1 and 3 fit the default cassette, as the project will say.
    await waitFor(() => expect(screen.getByText(/2 of 4/).parentElement?.textContent).toMatch(/^2 of 4 slots used/));
  });

  it('removes a module after asking, and tells the shell', async () => {
    const { user, onDataChanged } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete module choice “slot 1 · DMM-1”' }, { timeout: 8000 }));
    await user.click(await screen.findByRole('button', { name: 'Delete module choice' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls).toEqual(['DELETE 1']);
    await waitFor(() => expect(screen.getByText(/1 of 5/)).toBeTruthy());
  });
});
