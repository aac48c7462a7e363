import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WiringRow } from '../../../../contract/requests';

/** The wiring list: pad → probe → group → cartridge pin → module per line, and its CSV from the server. */

const server = vi.hoisted(() => ({ downloads: [] as number[], fail: false }));

const line = (pad: string, mapped: boolean): WiringRow => ({
  pad,
  net: 'VCC',
  side: 'bottom',
  x: 12.5,
  y: 3,
  probe: 'P75',
  group: 'VCC',
  resource_type: 'Voltage',
  cartridge_bay: mapped ? 1 : null,
  cartridge_type: mapped ? 'PB-40' : null,
  connector_pin: mapped ? '2 AIN2' : null,
  module_slot: mapped ? 3 : null,
  module: mapped ? 'DMM-1' : null,
});

vi.mock('../../../api/request-hardware', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/request-hardware')>();
  return {
    ...actual,
    wiringOptions: (id: number) => ({ queryKey: actual.requestHardwareKeys.wiring(id), queryFn: async () => [line('TP1', true), line('TP2', false)] }),
    downloadWiringCsv: async (id: number) => {
      server.downloads.push(id);
      if (server.fail) throw new Error('The wiring list could not be written.');
      return `request-${id}-wiring.csv`;
    },
  };
});

// Files share a worker's modules (vitest.config.ts): another file's mock of the same API module
// may be loaded already, so the screen is imported afresh to meet this file's mock.
vi.resetModules();
const { WiringList } = await import('./wiring-list');

function setup() {
  server.downloads = [];
  server.fail = false;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WiringList requestId={7} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('WiringList', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows each pad’s way to its pin and module, a dash where it is not wired yet', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Wiring list' }, { timeout: 8000 });
    const [, tp1, tp2] = within(table).getAllByRole('row');
    expect(tp1.textContent).toContain('Bay 1 · PB-40 · 2 AIN2');
    expect(tp1.textContent).toContain('Slot 3 · DMM-1');
    expect(within(tp2).getAllByText('—')).toHaveLength(2);
  });

  it('exports the CSV from the server, and says so when that fails', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 8000 }));
    await waitFor(() => expect(server.downloads).toEqual([7]));
    server.fail = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The wiring list could not be written.');
  });
});
