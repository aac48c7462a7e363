import { describe, expect, it } from 'vitest';
import { applySelection, clientToScene, layoutScene, padsInRect, PANEL_GAP_MM, PANEL_MARGIN_MM, rectBetween, zoomAbout, type DrawingPad } from './pad-geometry';

const pad = (id: number, x: number, y: number, more: Partial<DrawingPad> = {}): DrawingPad => ({
  id,
  name: `TP${id}`,
  net: 'N',
  x,
  y,
  side: 'top',
  diameter: 1,
  kind: 'pad',
  probe: 'P100',
  group_id: null,
  ...more,
});

describe('layoutScene', () => {
  it('flips y (origin bottom left), mirrors the bottom side and draws tooling holes on both sides', () => {
    const pads = [pad(1, 0, 0), pad(2, 10, 20), pad(3, 10, 0, { side: 'bottom' }), pad(4, 0, 20, { kind: 'tooling' })];
    const scene = layoutScene(pads, 'both');
    const width = 10 + 1 + 2 * PANEL_MARGIN_MM; // extent 0..10 plus the 0.5 mm radius either side
    expect(scene.panels.map((p) => [p.side, p.x])).toEqual([
      ['top', 0],
      ['bottom', width + PANEL_GAP_MM],
    ]);
    const at = (id: number, side: string) => scene.placed.find((p) => p.pad.id === id && p.side === side);
    // Pad 1 at the origin: left and low on the top side.
    expect(at(1, 'top')).toMatchObject({ cx: PANEL_MARGIN_MM + 0.5, cy: PANEL_MARGIN_MM + 20.5 });
    expect(at(2, 'top')).toMatchObject({ cx: PANEL_MARGIN_MM + 10.5, cy: PANEL_MARGIN_MM + 0.5 });
    // Seen from below, x = 10 is near the bottom panel's left edge.
    expect(at(3, 'bottom')).toMatchObject({ cx: width + PANEL_GAP_MM + PANEL_MARGIN_MM + 0.5 });
    expect(at(3, 'top')).toBeUndefined();
    expect(at(4, 'top')).toBeDefined();
    expect(at(4, 'bottom')).toBeDefined();
  });

  it('one side only when asked', () => {
    const scene = layoutScene([pad(1, 0, 0), pad(2, 5, 5, { side: 'bottom' })], 'bottom');
    expect(scene.panels).toHaveLength(1);
    expect(scene.placed.map((p) => p.pad.id)).toEqual([2]);
  });
});

describe('rubber band', () => {
  // A 10 × 10 grid of pads 1 mm apart, ids 0..99 (id = 10 y + x).
  const grid = Array.from({ length: 100 }, (_, i) => pad(i, i % 10, Math.floor(i / 10)));
  const scene = layoutScene(grid, 'top');
  const sceneOf = (x: number, y: number) => scene.placed.find((p) => p.pad.x === x && p.pad.y === y)!;

  it('picks exactly the pads whose centre is inside, whichever way it is dragged', () => {
    // From board (2, 7) to (4, 5): x 2..4, y 5..7 (scene y is flipped).
    const a = sceneOf(2, 7);
    const b = sceneOf(4, 5);
    const ids = padsInRect(scene.placed, rectBetween({ x: b.cx, y: b.cy }, { x: a.cx, y: a.cy }));
    expect(ids.sort((m, n) => m - n)).toEqual([52, 53, 54, 62, 63, 64, 72, 73, 74]);
  });

  it('leaves out a pad whose centre is outside even when its circle overlaps the band', () => {
    const a = sceneOf(2, 2);
    const ids = padsInRect(scene.placed, { x: a.cx - 0.4, y: a.cy - 0.4, width: 0.8 + 0.49, height: 0.8 });
    expect(ids).toEqual([22]);
  });

  it('never picks a tooling hole, and a hole drawn on both sides once', () => {
    const pads = [pad(1, 0, 0, { kind: 'tooling' }), pad(2, 1, 1, { kind: 'through_hole' })];
    const both = layoutScene(pads, 'both');
    expect(padsInRect(both.placed, { x: -100, y: -100, width: 1000, height: 1000 })).toEqual([2]);
  });
});

describe('selection', () => {
  it('replaces, adds and toggles', () => {
    const current = new Set([1, 2]);
    expect([...applySelection(current, [3], 'replace')]).toEqual([3]);
    expect([...applySelection(current, [2, 3], 'add')]).toEqual([1, 2, 3]);
    expect([...applySelection(current, [2, 3], 'toggle')]).toEqual([1, 3]);
    expect([...current]).toEqual([1, 2]);
  });
});

describe('pointer and zoom', () => {
  it('maps a pointer to the scene with the view scaled evenly and centred', () => {
    // A 200 × 100 px box showing a 10 × 10 view: 10 px per mm, 50 px empty either side.
    const box = { left: 100, top: 0, width: 200, height: 100 };
    const view = { x: 5, y: 5, width: 10, height: 10 };
    expect(clientToScene(box, view, 150, 0)).toEqual({ x: 5, y: 5 });
    expect(clientToScene(box, view, 250, 100)).toEqual({ x: 15, y: 15 });
  });

  it('zooms about a point that stays put', () => {
    const view = zoomAbout({ x: 0, y: 0, width: 100, height: 50 }, 2, { x: 20, y: 10 });
    expect(view).toEqual({ x: 10, y: 5, width: 50, height: 25 });
  });
});
