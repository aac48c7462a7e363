/**
 * The board's test pads drawn as SVG: both sides (top left, bottom right as seen from below, so
 * mirrored), or one side. Used by the pogo-board step and the pad-groups step.
 *
 * What it shows
 * - Each pad a circle of its diameter (mm; an unknown one 1 mm), coloured by `colourBy`:
 *   'probe' (the probe the pogo board gives it; none fits: red) or 'group' (GROUP_PALETTE by
 *   group id; in no group: grey). Tooling holes are white with a dark ring on both sides.
 * - `highlightedIds` get a thick ring (a finding's pads); `selectedIds` a dashed one.
 * - `padColours` (pad id → CSS colour) overrides `colourBy` for every pad it names; the others
 *   are grey. What a drawing coloured by a figure per pad (a fail rate) passes, with its `legend`.
 * - `focus`: when its `key` changes the view centres on its pads (clicking a finding).
 * - `onPadClick`: a click (not a drag) on a pad, without selection: the project's drawing opens it.
 *
 * Moving around: the wheel or the +/− buttons zoom about the pointer (or the centre), dragging
 * the background pans, "Fit" shows the whole board.
 *
 * Selection (only with `onSelect`; the parent holds the selection and passes `selectedIds` back,
 * `applySelection` of pad-geometry.ts computes the next one):
 * - click a pad: onSelect([id], 'replace'); shift- (or ctrl/⌘-) click: onSelect([id], 'toggle');
 * - rubber band: with the Select tool drag a rectangle: onSelect(ids, 'replace'), or with shift
 *   held onSelect(ids, 'add'); with the Pan tool, shift-drag draws the band ('add').
 *   It picks the pads whose centre is inside the rectangle (`padsInRect`);
 * - click the background with the Select tool: onSelect([], 'replace') (clears).
 * Tooling holes are never selected (they take no probe and join no group).
 *
 * Speed (5,000 pads): the circles are one memoised layer of plain <circle> elements, rebuilt
 * only when the pads, the side view or the colouring change; zooming and panning only change the
 * viewBox; selection and highlight are separate small layers; pointer handling is delegated to
 * the <svg> (a pad's circle carries its index in `data-i`), with no React state per pad.
 */
import { mdiCursorDefault, mdiFitToPageOutline, mdiHandBackRight, mdiMagnifyMinusOutline, mdiMagnifyPlusOutline } from '@mdi/js';
import { memo, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ProbeSize } from '../../../contract/pogo-board';
import { Button } from '../button';
import { cx } from '../../lib/cx';
import {
  clientToScene,
  groupColour,
  layoutScene,
  padsInRect,
  rectBetween,
  viewAround,
  zoomAbout,
  type DrawingPad,
  type PlacedPad,
  type Rect,
  type SelectMode,
  type SideView,
} from './pad-geometry';

export type PadColouring = 'probe' | 'group';

export const PROBE_COLOURS: Record<ProbeSize | 'none', string> = { P100: '#2563eb', P75: '#16a34a', P50: '#d97706', none: '#dc2626' };
const UNGROUPED = '#9ca3af';

export type LegendItem = { colour: string; text: string };

type PadDrawingProps = {
  pads: readonly DrawingPad[];
  colourBy?: PadColouring;
  /** A colour per pad id, over `colourBy`; a pad it does not name is grey. */
  padColours?: ReadonlyMap<number, string>;
  /** The legend's entries when `padColours` colours the pads. */
  legend?: readonly LegendItem[];
  /** A pad clicked (without `onSelect`). */
  onPadClick?: (id: number) => void;
  /** Which sides to draw; without it the drawing shows its own Both / Top / Bottom switch. */
  view?: SideView;
  selectedIds?: ReadonlySet<number>;
  onSelect?: (ids: number[], mode: SelectMode) => void;
  highlightedIds?: readonly number[];
  /** Centre the view on these pads whenever `key` changes. */
  focus?: { key: number; ids: readonly number[] } | null;
  /** The accessible name of the drawing. */
  label?: string;
  className?: string;
};

const fill = (pad: DrawingPad, colourBy: PadColouring, padColours: ReadonlyMap<number, string> | undefined) => {
  if (pad.kind === 'tooling') return '#ffffff';
  if (padColours) return padColours.get(pad.id) ?? UNGROUPED;
  if (colourBy === 'group') return pad.group_id === null ? UNGROUPED : groupColour(pad.group_id);
  return PROBE_COLOURS[pad.probe ?? 'none'];
};

/** Every pad's circle: re-rendered only when the scene or the colouring changes, never on zoom. */
const PadLayer = memo(function PadLayer({
  placed,
  colourBy,
  padColours,
}: {
  placed: readonly PlacedPad[];
  colourBy: PadColouring;
  padColours: ReadonlyMap<number, string> | undefined;
}) {
  return (
    <g>
      {placed.map((p, i) => (
        <circle
          key={i}
          data-i={i}
          cx={p.cx}
          cy={p.cy}
          r={p.r}
          fill={fill(p.pad, colourBy, padColours)}
          // A figure's scale starts pale: a thin rim keeps its palest pads visible on the board.
          stroke={p.pad.kind === 'tooling' ? '#111827' : padColours ? '#6b7280' : 'none'}
          strokeWidth={p.pad.kind === 'tooling' ? p.r * 0.25 : padColours ? p.r * 0.15 : undefined}
          fillOpacity={0.85}
          className="cursor-pointer"
        />
      ))}
    </g>
  );
});

/** Rings around a few pads (selected or highlighted); only those pads are rendered. */
function RingLayer({ placed, ids, className, dashed }: { placed: readonly PlacedPad[]; ids: ReadonlySet<number>; className: string; dashed?: boolean }) {
  if (!ids.size) return null;
  return (
    <g className={className} pointerEvents="none">
      {placed
        .filter((p) => ids.has(p.pad.id))
        .map((p, i) => (
          <circle key={i} cx={p.cx} cy={p.cy} r={p.r + 0.25} fill="none" stroke="currentColor" strokeWidth={0.3} strokeDasharray={dashed ? '0.6 0.4' : undefined} />
        ))}
    </g>
  );
}

type Drag = {
  startClient: { x: number; y: number };
  start: { x: number; y: number };
  band: boolean;
  add: boolean;
  moved: boolean;
  startView: Rect;
  /** The pad pressed: with the pointer captured by the drawing, the release's target is the drawing itself. */
  pressed: PlacedPad | null;
};

const ZOOM_STEP = 1.4;
/** A pointer that moved less than this (px) clicked rather than dragged. */
const CLICK_SLOP_PX = 4;

export function PadDrawing({
  pads,
  colourBy = 'probe',
  padColours,
  legend,
  onPadClick,
  view,
  selectedIds,
  onSelect,
  highlightedIds,
  focus,
  label = 'Test pads',
  className,
}: PadDrawingProps) {
  const [ownView, setOwnView] = useState<SideView>('both');
  const sideView = view ?? ownView;
  const scene = useMemo(() => layoutScene(pads, sideView), [pads, sideView]);
  const whole = useMemo<Rect>(() => ({ x: 0, y: 0, width: scene.width, height: scene.height }), [scene]);
  const [viewBox, setViewBox] = useState<Rect>(whole);
  const [tool, setTool] = useState<'pan' | 'select'>(onSelect ? 'select' : 'pan');
  const [band, setBand] = useState<Rect | null>(null);
  const [hovered, setHovered] = useState<PlacedPad | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);

  // A new scene (other pads, other sides) starts from the whole board; a new focus key centres
  // on its pads. Adjusted while rendering (React's "storing information from previous renders").
  const [shown, setShown] = useState({ whole, focusKey: focus?.key });
  if (shown.whole !== whole || shown.focusKey !== focus?.key) {
    setShown({ whole, focusKey: focus?.key });
    if (focus && focus.key !== shown.focusKey) setViewBox(viewAround(scene.placed, focus.ids, viewBox));
    else if (shown.whole !== whole) setViewBox(whole);
  }

  const highlighted = useMemo(() => new Set(highlightedIds ?? []), [highlightedIds]);
  const scenePoint = (clientX: number, clientY: number) => {
    const box = svgRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? clientToScene(box, viewBox, clientX, clientY) : { x: 0, y: 0 };
  };
  const placedAt = (target: EventTarget | null): PlacedPad | null => {
    const index = (target as Element | null)?.getAttribute?.('data-i');
    return index === null || index === undefined ? null : (scene.placed[Number(index)] ?? null);
  };
  const zoom = (factor: number, at?: { x: number; y: number }) =>
    setViewBox((current) => zoomAbout(current, factor, at ?? { x: current.x + current.width / 2, y: current.y + current.height / 2 }));

  // The wheel zooms the drawing, not the page: React's wheel listener is passive and cannot stop
  // the page scrolling, so this one is the element's own.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      const factor = event.deltaY < 0 ? 1.2 : 1 / 1.2;
      setViewBox((current) => zoomAbout(current, factor, clientToScene(box, current, event.clientX, event.clientY)));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);
  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const bandDrag = Boolean(onSelect) && (tool === 'select' || event.shiftKey);
    drag.current = {
      startClient: { x: event.clientX, y: event.clientY },
      start: scenePoint(event.clientX, event.clientY),
      band: bandDrag,
      add: event.shiftKey,
      moved: false,
      startView: viewBox,
      pressed: placedAt(event.target),
    };
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) {
      const over = placedAt(event.target);
      if (over !== hovered) setHovered(over);
      return;
    }
    if (!d.moved && Math.hypot(event.clientX - d.startClient.x, event.clientY - d.startClient.y) < CLICK_SLOP_PX) return;
    d.moved = true;
    if (d.band) {
      setBand(rectBetween(d.start, scenePoint(event.clientX, event.clientY)));
      return;
    }
    // Panning: the scene point first pressed stays under the pointer (measured in the view it was pressed in).
    const box = svgRef.current?.getBoundingClientRect();
    if (!box) return;
    const now = clientToScene(box, d.startView, event.clientX, event.clientY);
    setViewBox({ ...d.startView, x: d.startView.x - (now.x - d.start.x), y: d.startView.y - (now.y - d.start.y) });
  };
  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (d.moved && d.band) {
      const rect = rectBetween(d.start, scenePoint(event.clientX, event.clientY));
      setBand(null);
      onSelect?.(padsInRect(scene.placed, rect), d.add ? 'add' : 'replace');
      return;
    }
    if (d.moved) return;
    const hit = placedAt(event.target) ?? d.pressed;
    if (!onSelect) {
      if (hit && onPadClick) onPadClick(hit.pad.id);
      return;
    }
    const toggle = event.shiftKey || event.ctrlKey || event.metaKey;
    if (hit && hit.pad.kind !== 'tooling') onSelect([hit.pad.id], toggle ? 'toggle' : 'replace');
    else if (!hit && tool === 'select' && !toggle) onSelect([], 'replace');
  };

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={`${label}: view`}>
        {view ? null : (
          <div className="flex rounded-md border border-secondary/40" role="group" aria-label="Sides">
            {(['both', 'top', 'bottom'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={sideView === v}
                onClick={() => setOwnView(v)}
                className={cx('min-h-9 px-3 text-sm first:rounded-l-md last:rounded-r-md', sideView === v ? 'bg-primary text-white' : 'bg-white text-gray-700 hover:bg-secondary-light')}
              >
                {v === 'both' ? 'Both sides' : v === 'top' ? 'Top' : 'Bottom'}
              </button>
            ))}
          </div>
        )}
        {onSelect ? (
          <div className="flex rounded-md border border-secondary/40" role="group" aria-label="Tool">
            {(
              [
                ['select', 'Select', mdiCursorDefault],
                ['pan', 'Pan', mdiHandBackRight],
              ] as const
            ).map(([value, text, icon]) => (
              <Button key={value} variant={tool === value ? 'primary' : 'ghost'} icon={icon} aria-pressed={tool === value} className="min-h-9 px-2" onClick={() => setTool(value)}>
                {text}
              </Button>
            ))}
          </div>
        ) : null}
        <Button variant="ghost" icon={mdiMagnifyPlusOutline} className="min-h-9 px-2" aria-label="Zoom in" onClick={() => zoom(ZOOM_STEP)} />
        <Button variant="ghost" icon={mdiMagnifyMinusOutline} className="min-h-9 px-2" aria-label="Zoom out" onClick={() => zoom(1 / ZOOM_STEP)} />
        <Button variant="ghost" icon={mdiFitToPageOutline} className="min-h-9 px-2" onClick={() => setViewBox(whole)}>
          Fit
        </Button>
        <span className="ml-auto text-xs text-secondary" aria-live="polite">
          {hovered
            ? describePad(hovered.pad)
            : onSelect
              ? 'Click a pad to select it, shift-click to add or remove; drag to select an area.'
              : onPadClick
                ? 'Click a pad to open it; drag to pan, scroll to zoom.'
                : 'Drag to pan, scroll to zoom.'}
        </span>
      </div>
      <svg
        ref={svgRef}
        role="img"
        aria-label={label}
        viewBox={`${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`}
        preserveAspectRatio="xMidYMid meet"
        // As tall as the board is for its width (both sides side by side are wide), within reason.
        style={{ aspectRatio: `${scene.width} / ${scene.height}` }}
        className={cx('max-h-[70vh] min-h-48 w-full touch-none rounded-md border border-secondary-light bg-gray-50 select-none', tool === 'pan' ? 'cursor-grab' : 'cursor-crosshair')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setBand(null);
        }}
      >
        {scene.panels.map((panel) => (
          <g key={panel.side} pointerEvents="none">
            <rect x={panel.x} y={panel.y} width={panel.width} height={panel.height} fill="#ecfdf5" stroke="#6b7280" strokeWidth={0.2} rx={1} />
            <text x={panel.x + 1} y={panel.y + 2} fontSize={1.6} fill="#374151">
              {panel.side === 'top' ? 'Top' : 'Bottom (seen from below)'}
            </text>
          </g>
        ))}
        <PadLayer placed={scene.placed} colourBy={colourBy} padColours={padColours} />
        <RingLayer placed={scene.placed} ids={selectedIds ?? EMPTY} className="text-gray-900" dashed />
        <RingLayer placed={scene.placed} ids={highlighted} className="text-red-600" />
        {band ? <rect x={band.x} y={band.y} width={band.width} height={band.height} fill="rgb(37 99 235 / 0.1)" stroke="#2563eb" strokeWidth={0.15} pointerEvents="none" /> : null}
      </svg>
      <Legend colourBy={colourBy} items={padColours ? legend : undefined} />
    </div>
  );
}

const EMPTY: ReadonlySet<number> = new Set();

function describePad(pad: DrawingPad): string {
  const size = pad.diameter === null ? 'size unknown' : `⌀ ${pad.diameter} mm`;
  const probe = pad.kind === 'tooling' ? 'tooling hole' : (pad.probe ?? 'no probe fits');
  return `${pad.name} · ${pad.net ?? 'no net'} · ${pad.side} · (${pad.x}, ${pad.y}) mm · ${size} · ${probe}`;
}

function Legend({ colourBy, items: given }: { colourBy: PadColouring; items?: readonly LegendItem[] }) {
  const items =
    given ??
    (colourBy === 'probe'
      ? [
          { colour: PROBE_COLOURS.P100, text: 'P100 probe' },
          { colour: PROBE_COLOURS.P75, text: 'P75 probe' },
          { colour: PROBE_COLOURS.P50, text: 'P50 probe' },
          { colour: PROBE_COLOURS.none, text: 'No probe fits' },
        ]
      : [
          { colour: GROUP_SWATCH, text: 'In a group (one colour per group)' },
          { colour: UNGROUPED, text: 'In no group' },
        ]);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-secondary" aria-label="Legend">
      {items.map((item) => (
        <li key={item.text} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-full ring-1 ring-black/20" style={{ background: item.colour }} />
          {item.text}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-3 rounded-full border-2 border-gray-900 bg-white" />
        Tooling hole
      </li>
    </ul>
  );
}

const GROUP_SWATCH = `conic-gradient(${groupColour(0)} 0 33%, ${groupColour(1)} 0 66%, ${groupColour(2)} 0)`;
