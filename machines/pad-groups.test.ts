import { describe, expect, it } from 'vitest';
import type { TestPad, TestPadGroup } from '../contract/requests';
import { inGroup, isProbed, notIn, padsOnNet, selectPads, ungroupedCount, withoutGroup, withSaved } from './pad-groups';

const pad = (id: number, net: string | null, kind: TestPad['kind'] = 'pad'): TestPad => ({
  id,
  request_id: 1,
  name: `TP${id}`,
  net,
  x: id,
  y: 0,
  side: 'top',
  diameter: 1,
  kind,
  probe: kind === 'tooling' ? null : 'P100',
  group_id: null,
});
const group = (id: number, pad_ids: number[]): TestPadGroup => ({
  id,
  request_id: 1,
  name: `G${id}`,
  resource_type: { id: 1, name: 'Digital' },
  pad_ids,
  mapping: null,
  created_at: '',
  updated_at: '',
});

// Listed out of id order on purpose: the selection follows the pads' order.
const PADS = [pad(3, 'GND'), pad(1, 'GND', 'via'), pad(2, 'SIG', 'through_hole'), pad(9, 'GND', 'tooling'), pad(4, null)];

describe('isProbed', () => {
  it('is every kind of pad but a tooling hole', () => {
    expect(PADS.filter(isProbed).map((p) => p.id)).toEqual([3, 1, 2, 4]);
  });
});

describe('selectPads', () => {
  it('replace: a click or a band picks just those pads', () => {
    expect(selectPads(PADS, [3, 1], [2], 'replace')).toEqual([2]);
    expect(selectPads(PADS, [3], [], 'replace')).toEqual([]);
  });

  it('add: shift keeps what was picked, without doubles', () => {
    expect(selectPads(PADS, [2], [1, 2], 'add')).toEqual([1, 2]);
  });

  it('toggle: picked pads leave, the others join', () => {
    expect(selectPads(PADS, [3, 1], [1, 2], 'toggle')).toEqual([3, 2]);
  });

  it('never selects a tooling hole or an id of no pad, and keeps the pads order', () => {
    expect(selectPads(PADS, [], [4, 9, 77, 3], 'replace')).toEqual([3, 4]);
    expect(selectPads(PADS, [], [9], 'toggle')).toEqual([]);
  });
});

describe('padsOnNet', () => {
  it('is the probed pads of that net, tooling holes left out', () => {
    expect(padsOnNet(PADS, 'GND')).toEqual([3, 1]);
    expect(padsOnNet(PADS, 'NONE')).toEqual([]);
  });
});

describe('ungroupedCount', () => {
  it('counts the probed pads in no group', () => {
    expect(ungroupedCount(PADS, [])).toBe(4);
    expect(ungroupedCount(PADS, [group(1, [3, 1]), group(2, [2])])).toBe(1);
    expect(ungroupedCount(PADS, [group(1, [3, 1, 2, 4])])).toBe(0);
  });
});

describe('notIn / inGroup', () => {
  it('split a selection by whether its pads are in the group', () => {
    expect(notIn(group(1, [3]), [3, 1])).toEqual([1]);
    expect(inGroup(group(1, [3]), [3, 1])).toEqual([3]);
  });
});

describe('withSaved', () => {
  it('adds a new group and takes its pads out of the groups that held them', () => {
    expect(withSaved([group(1, [3, 1]), group(2, [2])], group(5, [1, 2]))).toEqual([group(1, [3]), group(2, []), group(5, [1, 2])]);
  });

  it('replaces a saved group in its place', () => {
    const renamed = { ...group(1, [3, 4]), name: 'Supply' };
    expect(withSaved([group(1, [3]), group(2, [4, 2])], renamed)).toEqual([renamed, group(2, [2])]);
    expect(withSaved([group(2, [2]), group(1, [3])], renamed)).toEqual([group(2, [2]), renamed]);
  });

  it('leaves the groups it does not touch as they were', () => {
    const untouched = group(2, [2]);
    expect(withSaved([untouched], group(1, [3]))[0]).toBe(untouched);
  });
});

describe('withoutGroup', () => {
  it('drops the deleted group', () => {
    expect(withoutGroup([group(1, [3]), group(2, [2])], 1)).toEqual([group(2, [2])]);
  });
});
