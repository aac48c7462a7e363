import type { TestPad } from '../../../contract/requests';

/**
 * The pad drawing's maths, pure so it is tested alone: where each pad lands in the drawing's
 * scene (mm, y downwards as SVG draws), which pads a rubber band holds, and the scene point
 * under the pointer.
 *
 * The scene puts the top side on the left and the bottom side on the right, each its own
 * panel the size of the board's extent plus a margin. The board origin is bottom-left (DOMAIN
 * "test pad"), so y is flipped. The bottom side is drawn as seen from below: mirrored left to
 * right. A tooling hole goes through the board and is drawn on both sides.
 */

export type DrawingPad = Pick<TestPad, 'id' | 'name' | 'net' | 'x' | 'y' | 'side' | 'diameter' | 'kind' | 'probe' | 'group_id'>;
export type DrawnSide = 'top' | 'bottom';
export type SideView = 'both' | DrawnSide;

/** One circle of the scene: a pad on one side (a tooling hole has two). */
export type PlacedPad = { pad: DrawingPad; side: DrawnSide; cx: number; cy: number; r: number };
export type Panel = { side: DrawnSide; x: number; y: number; width: number; height: number };
export type Scene = { placed: PlacedPad[]; panels: Panel[]; width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };

/** Space around the pads inside a panel, and between the two panels, in mm. */
export const PANEL_MARGIN_MM = 3;
export const PANEL_GAP_MM = 6;
/** A pad without a diameter is drawn this size (mm). */
export const UNKNOWN_DIAMETER_MM = 1;
/** The smallest radius drawn, so a tiny pad stays visible and clickable when zoomed in. */
const MIN_RADIUS_MM = 0.15;

export const padRadius = (pad: Pick<DrawingPad, 'diameter'>) => Math.max(MIN_RADIUS_MM, (pad.diameter ?? UNKNOWN_DIAMETER_MM) / 2);

/** The pads of `view` placed in the scene. */
export function layoutScene(pads: readonly DrawingPad[], view: SideView): Scene {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const pad of pads) {
    const r = padRadius(pad);
    minX = Math.min(minX, pad.x - r);
    maxX = Math.max(maxX, pad.x + r);
    minY = Math.min(minY, pad.y - r);
    maxY = Math.max(maxY, pad.y + r);
  }
  if (!pads.length) [minX, minY, maxX, maxY] = [0, 0, 10, 10];
  const width = maxX - minX + 2 * PANEL_MARGIN_MM;
  const height = maxY - minY + 2 * PANEL_MARGIN_MM;
  const sides: DrawnSide[] = view === 'both' ? ['top', 'bottom'] : [view];
  const panels = sides.map((side, i): Panel => ({ side, x: i * (width + PANEL_GAP_MM), y: 0, width, height }));
  const placed: PlacedPad[] = [];
  for (const panel of panels) {
    for (const pad of pads) {
      if (pad.side !== panel.side && pad.kind !== 'tooling') continue;
      // Seen from below, the board's left edge is on the right.
      const along = panel.side === 'top' ? pad.x - minX : maxX - pad.x;
      placed.push({ pad, side: panel.side, cx: panel.x + PANEL_MARGIN_MM + along, cy: PANEL_MARGIN_MM + (maxY - pad.y), r: padRadius(pad) });
    }
  }
  return { placed, panels, width: panels.length * width + (panels.length - 1) * PANEL_GAP_MM, height };
}

/** The rectangle between two scene points, whichever way it was dragged. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/**
 * The ids of the pads a rubber band holds: those whose centre lies inside it (edges count), in
 * scene order, once each. Tooling holes are never picked: they take no probe and join no group.
 */
export function padsInRect(placed: readonly PlacedPad[], rect: Rect): number[] {
  const ids = new Set<number>();
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  for (const p of placed) {
    if (p.pad.kind === 'tooling') continue;
    if (p.cx >= rect.x && p.cx <= right && p.cy >= rect.y && p.cy <= bottom) ids.add(p.pad.id);
  }
  return [...ids];
}

export type SelectMode = 'replace' | 'add' | 'toggle';

/** What a selection becomes after `onSelect(ids, mode)`: for the parent that holds it. */
export function applySelection(current: ReadonlySet<number>, ids: readonly number[], mode: SelectMode): Set<number> {
  if (mode === 'replace') return new Set(ids);
  const next = new Set(current);
  for (const id of ids) {
    if (mode === 'add' || !next.has(id)) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * The scene point under a pointer: the SVG shows `viewBox` in an element at `box` (client px)
 * with preserveAspectRatio "xMidYMid meet", so the scene is scaled evenly and centred.
 */
export function clientToScene(box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, viewBox: Rect, clientX: number, clientY: number) {
  const scale = Math.min(box.width / viewBox.width, box.height / viewBox.height);
  const offsetX = (box.width - viewBox.width * scale) / 2;
  const offsetY = (box.height - viewBox.height * scale) / 2;
  return { x: viewBox.x + (clientX - box.left - offsetX) / scale, y: viewBox.y + (clientY - box.top - offsetY) / scale };
}

/** The view zoomed by `factor` (above 1 zooms in) about a scene point that stays put under the pointer. */
export function zoomAbout(viewBox: Rect, factor: number, at: { x: number; y: number }): Rect {
  const width = viewBox.width / factor;
  const height = viewBox.height / factor;
  return { x: at.x - (at.x - viewBox.x) / factor, y: at.y - (at.y - viewBox.y) / factor, width, height };
}

/** A view centred on the placed pads of `ids`, wide enough to show them with some room. */
export function viewAround(placed: readonly PlacedPad[], ids: readonly number[], fallback: Rect, minSize = 12): Rect {
  const wanted = new Set(ids);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of placed) {
    if (!wanted.has(p.pad.id)) continue;
    minX = Math.min(minX, p.cx - p.r);
    maxX = Math.max(maxX, p.cx + p.r);
    minY = Math.min(minY, p.cy - p.r);
    maxY = Math.max(maxY, p.cy + p.r);
  }
  if (minX === Infinity) return fallback;
  const width = Math.max(minSize, (maxX - minX) * 1.5);
  const height = Math.max(minSize, (maxY - minY) * 1.5);
  return { x: (minX + maxX) / 2 - width / 2, y: (minY + maxY) / 2 - height / 2, width, height };
}

/** A colour per group, by its id: neighbouring ids get far-apart hues. */
export const GROUP_PALETTE = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626', '#4f46e5', '#059669', '#c026d3', '#65a30d'];
export const groupColour = (groupId: number) => GROUP_PALETTE[groupId % GROUP_PALETTE.length] as string;
