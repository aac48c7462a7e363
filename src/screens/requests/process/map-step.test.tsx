import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MappingPick, MappingProposalApplyInput } from '../../../../contract/pin-mapping';
import type { MapPadGroupInput, ProjectRequest, RequestCapacity, TestPadGroup } from '../../../../contract/requests';

/**
 * The map step against a fake server: a pin the server refuses shows the reason in that group's
 * row only, a pin another group took meanwhile (409) too, and a good pin is saved with the ids
 * of the cartridge and pin it names and tells the shell. "Map N to free pins" opens the server's
 * proposal, which the person accepts or edits per row before it is applied in one call.
 */

const VOLTAGE = { id: 1, name: 'Voltage' };
const NOT_ALLOWED = 'Pin type Digital out does not serve resource type Voltage.';
const TAKEN = 'This pin already carries pad group “VBAT”: unmap that group first, or choose another pin.';

const group = (id: number, name: string): TestPadGroup => ({
  id,
  request_id: 7,
  name,
  resource_type: VOLTAGE,
  pad_ids: [id * 10, id * 10 + 1],
  mapping: null,
  created_at: '2026-11-23T00:00:00.000Z',
  updated_at: '2026-11-23T00:00:00.000Z',
});

const pin = (number: number, name: string, usedBy: { id: number; name: string } | null = null) => ({
  selected_cartridge: { id: 11, bay: 1, cartridge_type: { id: 5, name: 'PB-40' } },
  connector_pin: { id: 100 + number, number, name, pin_type: { id: 7, name: number === 3 ? 'Digital out' : 'Analog in' } },
  used_by_group: usedBy,
});

/** The server's proposal: GND on AIN1 with the DMM, VCC with no pin that fits. */
const PICKS: MappingPick[] = [
  {
    group: { id: 2, name: 'GND' },
    resource_type: VOLTAGE,
    pin: { selected_cartridge: pin(1, 'AIN1').selected_cartridge, connector_pin: pin(1, 'AIN1').connector_pin },
    selected_module: { id: 9, slot: 2, module_type: { id: 4, name: 'DMM-1' } },
    reason: 'AIN1 is a free general Analog in pin; no pin is named for “GND”.',
    module_reason: 'DMM-1 (slot 2) is the selected DMM module, which Voltage needs.',
  },
  {
    group: { id: 1, name: 'VCC' },
    resource_type: VOLTAGE,
    pin: null,
    selected_module: null,
    reason: 'No free pin carries 3.3 V: VBUS is another rail.',
    module_reason: 'DMM-1 (slot 2) is the selected DMM module, which Voltage needs.',
  },
];

const server = vi.hoisted(() => ({
  calls: [] as string[],
  refuse: null as null | ((groupId: number, input: MapPadGroupInput) => unknown),
  /** The pad groups' reads wait for this: a test holds it to keep a refetch in flight. */
  groupsHeld: Promise.resolve(),
  /** What applying the proposal answers: a refusal to throw, or nothing (success). */
  refuseApply: null as unknown,
}));

const failure = (status: number, body: object) =>
  new AxiosError(`Request failed with status code ${status}`, String(status), undefined, undefined, { status, data: body, headers: {} } as never);

vi.mock('../../../api/request-hardware', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/request-hardware')>();
  const capacity: RequestCapacity = {
    resource_types: [{ resource_type: VOLTAGE, groups_needing: 2, pins: [pin(1, 'AIN1'), pin(2, 'AIN2', { id: 3, name: 'VBAT' }), pin(3, 'DOUT3')] }],
  };
  const fixed = <T,>(key: readonly unknown[], data: T) => ({ queryKey: key, queryFn: async () => data });
  return {
    ...actual,
    padGroupsOptions: (id: number) => ({
      queryKey: actual.requestHardwareKeys.groups(id),
      queryFn: async () => {
        await server.groupsHeld;
        return [group(1, 'VCC'), group(2, 'GND')];
      },
    }),
    capacityOptions: (id: number) => fixed(actual.requestHardwareKeys.capacity(id), capacity),
    selectedModulesOptions: (id: number) =>
      fixed(actual.requestHardwareKeys.modules(id), [{ id: 9, request_id: 7, project_id: null, slot: 2, module_type: { id: 4, name: 'DMM-1', ams_type: 'dmm' } }]),
    wiringOptions: (id: number) => fixed(actual.requestHardwareKeys.wiring(id), []),
    mapPadGroup: async (groupId: number, input: MapPadGroupInput) => {
      server.calls.push(`PATCH map_pad_group/${groupId} ${JSON.stringify(input)}`);
      const refusal = server.refuse?.(groupId, input);
      if (refusal) throw refusal;
      return group(groupId, 'saved');
    },
    mappingProposalOptions: (id: number) => fixed(actual.requestHardwareKeys.proposal(id), { picks: PICKS }),
    applyMappingProposal: async (requestId: number, input: MappingProposalApplyInput) => {
      server.calls.push(`POST requests/${requestId}/map_pad_groups/proposal ${JSON.stringify(input)}`);
      if (server.refuseApply) throw server.refuseApply;
      return { mapped: (input.mappings ?? []).map((m) => group(m.group_id, 'saved')), unplaced: [] };
    },
  };
});

// Files share a worker's modules (vitest.config.ts): another file's mock of the same API module
// may be loaded already, so the screen is imported afresh to meet this file's mock.
vi.resetModules();
const { MapStep } = await import('./map-step');

const request = { id: 7, projectname: 'Board A', projectdescription: '' } as ProjectRequest;

function setup() {
  server.calls = [];
  server.refuse = null;
  server.refuseApply = null;
  server.groupsHeld = Promise.resolve();
  const onDataChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MapStep request={request} onDataChanged={onDataChanged} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), onDataChanged };
}

// The first render of a file is slow when both cores are busy: a generous wait for the rows to load.
const row = (name: string) => screen.findByRole('form', { name: `Mapping of ${name}` }, { timeout: 8000 });

describe('MapStep', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows a pin other groups use, named, but not to choose', async () => {
    setup();
    const vcc = await row('VCC');
    const used = within(vcc).getByRole('option', { name: 'Bay 1 · PB-40 · 2 AIN2 · Analog in (used by VBAT)' });
    expect(used).toHaveProperty('disabled', true);
    expect(within(vcc).getByRole('option', { name: 'Bay 1 · PB-40 · 1 AIN1 · Analog in' })).toHaveProperty('disabled', false);
  });

  it('shows the server’s refusal of a pin in that group’s row only', async () => {
    const { user, onDataChanged } = setup();
    server.refuse = (_, input) =>
      input.connector_pin_id === 103 ? failure(422, { message: 'Some fields are not valid.', errors: { connector_pin_id: [NOT_ALLOWED] } }) : null;
    const vcc = await row('VCC');
    await user.selectOptions(within(vcc).getByLabelText('Pin for VCC'), 'Bay 1 · PB-40 · 3 DOUT3 · Digital out');
    await user.click(within(vcc).getByRole('button', { name: 'Save' }));

    await within(vcc).findByText(NOT_ALLOWED);
    expect(within(await row('GND')).queryByText(NOT_ALLOWED)).toBeNull();
    expect(within(vcc).getByLabelText('Pin for VCC')).toHaveProperty('value', '11:103'); // the choice is kept
    expect(onDataChanged).not.toHaveBeenCalled();
  });

  it('shows a pin taken meanwhile (409) in the row, then saves another pin with its module', async () => {
    const { user, onDataChanged } = setup();
    server.refuse = (_, input) => (input.connector_pin_id === 101 ? failure(409, { message: TAKEN }) : null);
    const gnd = await row('GND');
    await user.selectOptions(within(gnd).getByLabelText('Pin for GND'), 'Bay 1 · PB-40 · 1 AIN1 · Analog in');
    await user.click(within(gnd).getByRole('button', { name: 'Save' }));
    expect(await within(gnd).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(TAKEN));

    server.refuse = null;
    await user.selectOptions(within(gnd).getByLabelText('Pin for GND'), 'Bay 1 · PB-40 · 3 DOUT3 · Digital out');
    await user.selectOptions(within(gnd).getByLabelText('Module (optional)'), 'Slot 2 · DMM-1');
    await user.click(within(gnd).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls.at(-1)).toBe('PATCH map_pad_group/2 {"selected_cartridge_id":11,"connector_pin_id":103,"selected_module_id":9}');
  });

  it('tells the shell as soon as a save is in, while the step’s lists are still loading again', async () => {
    // The shell's reload disables Continue: begun only after the refetch, a Continue pressed on
    // the new rows could land as it began, on a button just disabled (an e2e run, 2026-12-02).
    const { user, onDataChanged } = setup();
    const gnd = await row('GND');
    let release = () => {};
    server.groupsHeld = new Promise<void>((resolve) => (release = resolve));
    await user.selectOptions(within(gnd).getByLabelText('Pin for GND'), 'Bay 1 · PB-40 · 1 AIN1 · Analog in');
    await user.click(within(gnd).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls.at(-1)).toMatch(/^PATCH map_pad_group\/2 /);
    release();
  });

  it('asks for a pin before saving', async () => {
    const { user } = setup();
    const vcc = await row('VCC');
    await user.click(within(vcc).getByRole('button', { name: 'Save' }));
    await within(vcc).findByText('Connector pin is required.');
    expect(server.calls).toEqual([]);
  });

  it('opens the proposal with each pick’s pin, module and reason, and maps it as proposed in one call', async () => {
    const { user, onDataChanged } = setup();
    await row('VCC');
    await user.click(await screen.findByRole('button', { name: 'Map 1 to free pins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposed pins' });
    const gnd = within(dialog).getByRole('listitem', { name: 'GND' });
    within(gnd).getByText('Bay 1 · PB-40 · 1 AIN1 · Analog in → Slot 2 · DMM-1');
    within(gnd).getByText(/AIN1 is a free general Analog in pin/);
    within(gnd).getByText(/DMM-1 \(slot 2\) is the selected DMM module/);
    const vcc = within(dialog).getByRole('listitem', { name: 'VCC' });
    within(vcc).getByText('No pin proposed');
    within(vcc).getByText(/No free pin carries 3.3 V/);
    // Accepted as shown: no row's pickers were opened.
    expect(within(dialog).queryByRole('combobox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Map as shown' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls).toEqual([
      'POST requests/7/map_pad_groups/proposal {"mappings":[{"group_id":2,"selected_cartridge_id":11,"connector_pin_id":101,"selected_module_id":9}]}',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('applies the rows as edited, and shows a refusal on the row it names', async () => {
    const { user, onDataChanged } = setup();
    await row('VCC');
    await user.click(await screen.findByRole('button', { name: 'Map 1 to free pins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposed pins' });
    const vcc = within(dialog).getByRole('listitem', { name: 'VCC' });
    await user.click(within(vcc).getByRole('button', { name: 'Choose a pin for VCC' }));
    expect(within(vcc).getByLabelText('Pin for VCC')).toHaveProperty('value', '');
    await user.selectOptions(within(vcc).getByLabelText('Pin for VCC'), 'Bay 1 · PB-40 · 3 DOUT3 · Digital out');
    within(vcc).getByText(/Changed by you; proposed: none/);
    await user.selectOptions(within(vcc).getByLabelText('Module for VCC'), 'Slot 2 · DMM-1');
    within(vcc).getByText(/Module changed by you; proposed: none/);
    const gnd = within(dialog).getByRole('listitem', { name: 'GND' });
    await user.click(within(gnd).getByRole('button', { name: 'Change GND' }));
    expect(within(gnd).getByLabelText('Pin for GND')).toHaveProperty('value', '11:101');
    expect(within(gnd).getByLabelText('Module for GND')).toHaveProperty('value', '9');
    await user.selectOptions(within(gnd).getByLabelText('Pin for GND'), 'Leave unmapped');

    // The server numbers the entries it got: GND is left out, so entry 0 is VCC, the dialog's second row.
    server.refuseApply = failure(422, { message: 'Some fields are not valid.', errors: { 'mappings.0.connector_pin_id': [NOT_ALLOWED] } });
    await user.click(within(dialog).getByRole('button', { name: 'Map as shown' }));
    await within(vcc).findByText(NOT_ALLOWED);
    expect(within(gnd).queryByText(NOT_ALLOWED)).toBeNull();
    expect(onDataChanged).not.toHaveBeenCalled();

    server.refuseApply = null;
    await user.selectOptions(within(vcc).getByLabelText('Pin for VCC'), 'Bay 1 · PB-40 · 1 AIN1 · Analog in');
    await user.click(within(dialog).getByRole('button', { name: 'Map as shown' }));
    await waitFor(() => expect(onDataChanged).toHaveBeenCalledTimes(1));
    expect(server.calls.at(-1)).toBe(
      'POST requests/7/map_pad_groups/proposal {"mappings":[{"group_id":1,"selected_cartridge_id":11,"connector_pin_id":101,"selected_module_id":9}]}',
    );
  });

  it('opens a row the server refused, though the person accepted it as shown', async () => {
    const { user, onDataChanged } = setup();
    await row('VCC');
    await user.click(await screen.findByRole('button', { name: 'Map 1 to free pins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposed pins' });
    const gnd = within(dialog).getByRole('listitem', { name: 'GND' });
    expect(within(gnd).queryByLabelText('Pin for GND')).toBeNull();
    server.refuseApply = failure(422, { message: 'Some fields are not valid.', errors: { 'mappings.0.connector_pin_id': [NOT_ALLOWED] } });
    await user.click(within(dialog).getByRole('button', { name: 'Map as shown' }));
    await within(gnd).findByText(NOT_ALLOWED);
    expect(within(gnd).getByLabelText('Pin for GND')).toHaveProperty('value', '11:101');
    expect(onDataChanged).not.toHaveBeenCalled();
  });
});
