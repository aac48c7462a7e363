import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawingPad } from './pad-geometry';
import { PadDrawing } from './pad-drawing';

/** The drawing's clicks as selections; the rubber band's maths is tested in pad-geometry.test.ts. */

const pad = (id: number, x: number, more: Partial<DrawingPad> = {}): DrawingPad => ({
  id, name: `TP${id}`, net: 'N', x, y: 0, side: 'top', diameter: 1, kind: 'pad', probe: 'P100', group_id: null, ...more,
});
const PADS = [pad(1, 0), pad(2, 5), pad(3, 10, { kind: 'tooling' })];

function click(target: Element, init: { shiftKey?: boolean } = {}) {
  fireEvent.pointerDown(target, { button: 0, clientX: 10, clientY: 10, ...init });
  fireEvent.pointerUp(target, { button: 0, clientX: 10, clientY: 10, ...init });
}

describe('PadDrawing', () => {
  afterEach(cleanup);

  it('draws a circle per pad and side, a tooling hole on both sides', () => {
    render(<PadDrawing pads={PADS} label="Pads" />);
    expect(screen.getByRole('img', { name: 'Pads' }).querySelectorAll('circle[data-i]')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Top' }));
    expect(screen.getByRole('img', { name: 'Pads' }).querySelectorAll('circle[data-i]')).toHaveLength(3);
  });

  it('says which pad is under the pointer', () => {
    render(<PadDrawing pads={PADS} view="top" label="Pads" />);
    fireEvent.pointerMove(screen.getByRole('img', { name: 'Pads' }).querySelectorAll('circle[data-i]')[1]!);
    expect(screen.getByText('TP2 · N · top · (5, 0) mm · ⌀ 1 mm · P100')).toBeTruthy();
  });

  it('a click replaces the selection, a shift-click toggles, a tooling hole is never selected', () => {
    const onSelect = vi.fn();
    render(<PadDrawing pads={PADS} view="top" label="Pads" onSelect={onSelect} selectedIds={new Set([1])} />);
    const circles = screen.getByRole('img', { name: 'Pads' }).querySelectorAll('circle[data-i]');
    click(circles[1]!);
    expect(onSelect).toHaveBeenLastCalledWith([2], 'replace');
    click(circles[0]!, { shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith([1], 'toggle');
    onSelect.mockClear();
    click(circles[2]!);
    expect(onSelect).not.toHaveBeenCalled();
    // The background, with the Select tool, clears.
    click(screen.getByRole('img', { name: 'Pads' }));
    expect(onSelect).toHaveBeenLastCalledWith([], 'replace');
  });
});
