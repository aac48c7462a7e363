import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartridgeTypeDetail, ConnectorPin } from '../../../contract/cartridge-types';

/**
 * The pin table's save, against a fake server: one call per changed row, a refusal on the row
 * it concerns, a number another row gives up taken on a retry, and a new row saved once only.
 */

const server = vi.hoisted(() => ({
  pins: [] as ConnectorPin[],
  nextId: 100,
  calls: [] as string[],
}));

const unprocessable = (errors: Record<string, string[]>) =>
  new AxiosError('Request failed with status code 422', '422', undefined, undefined, {
    status: 422,
    data: { message: 'Some fields are not valid.', errors },
    headers: {},
  } as never);

const TAKEN = 'This cartridge type has a pin with this number already.';

function detail(): CartridgeTypeDetail {
  return {
    id: 1,
    name: 'PB-40',
    description: '',
    pin_count: server.pins.length,
    firmware_count: 0,
    latest_firmware: null,
    rated_probe_life_cycles: null,
    cleaning_interval_cycles: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    connector_pins: [...server.pins].sort((a, b) => a.number - b.number),
    pin_types: [{ id: 5, name: 'Power' }],
  };
}

vi.mock('../../app/use-leave-guard', () => ({ useLeaveGuard: () => ({ release: () => {} }) }));
vi.mock('../../api/cartridge-types', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/cartridge-types')>();
  const clash = (number: number | undefined, except?: number) =>
    number !== undefined && server.pins.some((p) => p.number === number && p.id !== except);
  return {
    ...actual,
    cartridgeTypeOptions: (id: number) => ({ queryKey: actual.cartridgeTypeKeys.one(id), queryFn: async () => detail() }),
    cartridgeTypeChanged: async () => {},
    updateCartridgeType: vi.fn(),
    deleteConnectorPin: async (id: number) => {
      server.calls.push(`DELETE ${id}`);
      server.pins = server.pins.filter((p) => p.id !== id);
    },
    updateConnectorPin: async (id: number, changes: Partial<ConnectorPin>) => {
      server.calls.push(`PATCH ${id} ${JSON.stringify(changes)}`);
      if (clash(changes.number, id)) throw unprocessable({ number: [TAKEN] });
      const pin = server.pins.find((p) => p.id === id)!;
      Object.assign(pin, changes);
      return { ...pin };
    },
    addConnectorPin: async (_type: number, body: { number: number; name: string; pin_type_id: number | null }) => {
      server.calls.push(`POST ${JSON.stringify(body)}`);
      if (clash(body.number)) throw unprocessable({ number: [TAKEN] });
      const pin = { id: server.nextId++, cartridge_type_id: 1, pin_type_name: null, ...body };
      server.pins.push(pin);
      return { ...pin };
    },
  };
});

// Files share a worker's modules (vitest.config.ts): another file's mock of the same module may
// be loaded already, so the screen is imported afresh to meet this file's mocks.
vi.resetModules();
const { CartridgeTypeForm } = await import('./cartridge-type-form');

const pin = (id: number, number: number, name: string): ConnectorPin => ({
  id,
  cartridge_type_id: 1,
  number,
  name,
  pin_type_id: null,
  pin_type_name: null,
});

function setup(pins: ConnectorPin[]) {
  server.pins = pins.map((p) => ({ ...p }));
  server.calls = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartridgeTypeForm type={detail()} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const row = (n: number) => screen.getByRole('group', { name: `Pin ${n}` });

// Typing into a form of rows is slow under jsdom on a busy machine.
describe('CartridgeTypeForm', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('swaps two pins’ numbers by retrying the row whose number the other gives up', async () => {
    const user = await setup([pin(1, 1, 'GND'), pin(2, 2, 'VBUS')]);
    await user.clear(within(row(1)).getByLabelText('Number'));
    await user.type(within(row(1)).getByLabelText('Number'), '2');
    await user.clear(within(row(2)).getByLabelText('Number'));
    await user.type(within(row(2)).getByLabelText('Number'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pins.map((p) => `${p.number} ${p.name}`).sort()).toEqual(['2 GND', '3 VBUS']));
    expect(server.calls).toEqual(['PATCH 1 {"number":2}', 'PATCH 2 {"number":3}', 'PATCH 1 {"number":2}']);
    expect(screen.queryByText(TAKEN)).toBeNull();
  });

  it('shows a refusal on its row, keeps what was saved, and saves a new row only once', async () => {
    const user = await setup([pin(1, 1, 'GND'), pin(2, 2, 'VBUS'), pin(3, 3, 'SWDIO')]);
    // Someone else has just added pin 7; row 3 takes that number, and a new row 4 is added.
    server.pins.push(pin(9, 7, 'CAN_H'));
    await user.clear(within(row(3)).getByLabelText('Number'));
    await user.type(within(row(3)).getByLabelText('Number'), '7');
    await user.click(screen.getByRole('button', { name: 'Add pin' }));
    await user.type(within(row(4)).getByLabelText('Name'), 'SWCLK');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await within(row(3)).findByText(TAKEN);
    expect(within(row(1)).queryByText(TAKEN)).toBeNull();
    expect(server.pins.find((p) => p.id === 3)?.number).toBe(3);
    expect(server.pins.find((p) => p.name === 'SWCLK')?.number).toBe(8); // after the highest number in the table

    // Fixed and saved again: only the refused row goes; the new pin is not added twice.
    server.calls = [];
    await user.clear(within(row(3)).getByLabelText('Number'));
    await user.type(within(row(3)).getByLabelText('Number'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toEqual(['PATCH 3 {"number":5}']));
    // The pin someone else added is left alone: the form only removes pins it showed.
    expect(server.pins.map((p) => p.id)).toContain(9);
    await waitFor(() => expect(within(row(3)).queryByText(TAKEN)).toBeNull());
  });

  it('removes a deleted row’s pin', async () => {
    const user = await setup([pin(1, 1, 'GND'), pin(2, 2, 'VBUS')]);
    await user.click(screen.getByRole('button', { name: 'Remove pin 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toEqual(['DELETE 1']));
    expect(server.pins.map((p) => p.name)).toEqual(['VBUS']);
  });
});
