import { describe, expect, it } from 'vitest';
import { padDetails, stepsByPad, type ProjectPads } from './project-pads';

const pad = (id: number, group_id: number | null) => ({ id, name: `TP${id}`, net: null, x: id, y: 0, side: 'top' as const, diameter: 1, kind: 'pad' as const, probe: 'P100' as const, group_id });

const BOARD: ProjectPads = {
  request_id: 1,
  pads: [pad(1, 100), pad(2, 100), pad(3, 200), pad(4, null)],
  pad_groups: [
    { id: 100, name: '+3V3', resource_type: { id: 1, name: 'Power rail' }, test_resource_ids: [10] },
    { id: 200, name: 'SDA', resource_type: { id: 2, name: 'Bus' }, test_resource_ids: [20] },
  ],
  test_resources: [
    { id: 10, name: '+3V3', test_pad_group_id: 100, bay: 1, cartridge_type: { id: 1, name: 'MX' }, connector_pin: { id: 1, number: 1, name: 'AIN1' } },
    { id: 20, name: 'SDA', test_pad_group_id: 200, bay: 1, cartridge_type: { id: 1, name: 'MX' }, connector_pin: { id: 2, number: 2, name: 'IO2' } },
    { id: 30, name: 'Spare', test_pad_group_id: null, bay: 2, cartridge_type: { id: 1, name: 'MX' }, connector_pin: { id: 3, number: 1, name: 'AIN1' } },
  ],
  active_profile: {
    id: 5,
    name: 'EOL',
    version: '2',
    steps: [
      { id: 50, name: 'Rail', position: 1, test_resource_ids: [10] },
      { id: 51, name: 'Bus and rail', position: 2, test_resource_ids: [10, 20] },
    ],
  },
  other_steps: [{ name: 'Old bus', test_resource_ids: [20], profiles: [{ id: 4, name: 'EOL', version: '1', status: 'archived' }] }],
};

describe('the project’s pads put back together', () => {
  it('gives a pad its group, pins and steps', () => {
    const tp3 = padDetails(BOARD, 3)!;
    expect(tp3.group?.name).toBe('SDA');
    expect(tp3.resources.map((r) => r.connector_pin.name)).toEqual(['IO2']);
    expect(tp3.steps.map((s) => s.name)).toEqual(['Bus and rail']);
    expect(tp3.other_steps.map((s) => s.name)).toEqual(['Old bus']);
    expect(padDetails(BOARD, 4)).toMatchObject({ group: null, resources: [], steps: [], other_steps: [] });
    expect(padDetails(BOARD, 99)).toBeNull();
  });

  it('maps each measured pad to the active steps measuring it', () => {
    const byPad = stepsByPad(BOARD);
    expect(byPad.get(1)?.map((s) => s.id)).toEqual([50, 51]);
    expect(byPad.get(3)?.map((s) => s.id)).toEqual([51]);
    expect(byPad.has(4)).toBe(false);
  });
});
