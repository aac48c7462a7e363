import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRequest, RequestCapacity, SelectedCartridge, SelectedCartridgeInput } from '../../../../contract/requests';

/**
 * The cartridges step against a fake server: the capacity table marks a short resource type and
 * says how many pins it lacks; a bay another cartridge holds is refused on the bay field, and a
 * free one is saved and told to the shell.
 */

const BAY_TAKEN = 'Bay 1 holds another cartridge already.';

const server = vi.hoisted(() => ({ calls: [] as string[] }));

const failure = (status: number, body: object) =>
  new AxiosError(`Request failed with status code ${status}`, String(status), undefined, undefined, { status, data: body, headers: {} } as never);

const cartridge = (id: number, bay: number, name: string): SelectedCartridge => ({
  id,
  request_id: 7,
  project_id: null,
  bay,
  cartridge_type: { id: id * 10, name, pins: 40 },
});

vi.mock('../../../api/cartridge-types', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/cartridge-types')>();
  const types = [
    { id: 50, name: 'PB-40' },
    { id: 60, name: 'Relay-16' },
  ];
  return {
    ...actual,
    cartridgeTypeSearch: {
      ...actual.cartridgeTypeSearch,
      fetchOptions: async () => ({ data: types, meta: { page: 1, limit: 20, total: types.length } }),
    },
  };
});

vi.mock('../../../api/request-hardware', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/request-hardware')>();
  const pin = (id: number) => ({
    selected_cartridge: { id: 1, bay: 1, cartridge_type: { id: 10, name: 'PB-40' } },
    connector_pin: { id, number: id, name: `P${id}`, pin_type: { id: 1, name: 'Analog in' } },
    used_by_group: null,
  });
  const capacity: RequestCapacity = {
    resource_types: [
      { resource_type: { id: 1, name: 'Voltage' }, groups_needing: 5, pins: [pin(1), pin(2)] },
      { resource_type: { id: 2, name: 'Continuity' }, groups_needing: 1, pins: [pin(3), pin(4)] },
    ],
  };
  const fixed = <T,>(key: readonly unknown[], data: T) => ({ queryKey: key, queryFn: async () => data });
  return {
    ...actual,
    selectedCartridgesOptions: (id: number) => fixed(actual.requestHardwareKeys.cartridges(id), [cartridge(1, 1, 'PB-40')]),
    capacityOptions: (id: number) => fixed(actual.requestHardwareKeys.capacity(id), capacity),
    addSelectedCartridge: async (requestId: number, input: SelectedCartridgeInput) => {
      server.calls.push(`POST ${requestId} ${JSON.stringify(input)}`);
      if (input.bay === 1) throw failure(422, { message: 'Some fields are not valid.', errors: { bay: [BAY_TAKEN] } });
      return cartridge(2, input.bay, 'Relay-16');
    },
  };
});

// Files share a worker's modules (vitest.config.ts): another file's mock of the same API module
// may be loaded already, so the screen is imported afresh to meet this file's mock.
vi.resetModules();
const { CartridgesStep } = await import('./cartridges-step');

const request = { id: 7, projectname: 'Board A', projectdescription: '' } as ProjectRequest;

function setup() {
  server.calls = [];
  const onDataChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartridgesStep request={request} onDataChanged={onDataChanged} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), onDataChanged };
}

describe('CartridgesStep', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('marks a short resource type red and says how many more pins it needs', async () => {
    setup();
    // The first render of a file is slow when both cores are busy: a generous wait for the capacity to load.
    const table = await screen.findByRole('table', { name: 'Capacity per resource type' }, { timeout: 8000 });
    const voltage = within(table).getByText('Voltage').closest('tbody')!;
    expect(voltage.className).toContain('bg-error-light');
    expect(within(voltage).getByText('Short: 3 more pins needed. Add a cartridge with pins that serve Voltage.')).toBeTruthy();
    const continuity = within(table).getByText('Continuity').closest('tbody')!;
    expect(continuity.className).not.toContain('bg-error-light');
    expect(within(continuity).getByText('Enough: 1 pin to spare.')).toBeTruthy();
    expect(screen.getByText(/1 of 2/).parentElement?.textContent).toMatch(/^1 of 2 bays used/);
  });

  it('shows a taken bay’s refusal on the bay field, then adds the cartridge in a free bay', async () => {
    const { user, onDataChanged } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add cartridge' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a cartridge' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Cartridge type' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Relay-16' }));
    // The first free bay is preselected; the taken one says what it holds.
    expect(within(dialog).getByLabelText('Bay')).toHaveProperty('value', '2');
    await user.selectOptions(within(dialog).getByLabelText('Bay'), 'Bay 1 · holds PB-40');
    await user.click(within(dialog).getByRole('button', { name: 'Add cartridge' }));

    const bayError = await within(dialog).findByText(BAY_TAKEN);
    expect(within(dialog).getByLabelText('Bay').getAttribute('aria-describedby')).toContain(bayError.parentElement!.id);

    await user.selectOptions(within(dialog).getByLabelText('Bay'), 'Bay 2');
    await user.click(within(dialog).getByRole('button', { name: 'Add cartridge' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls).toEqual(['POST 7 {"cartridge_type_id":60,"bay":1}', 'POST 7 {"cartridge_type_id":60,"bay":2}']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
