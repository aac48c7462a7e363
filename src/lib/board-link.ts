import { positiveIntParam } from './url-search';

/**
 * How the project's board drawing (hardware tab) is coloured and filtered, kept in the URL
 * (`?pads=false_fails&jig=3`) so a reload, Back and a link from elsewhere (a jig's fixture
 * health, "Show on the board") open the same view.
 */
export const PAD_COLOUR_MODES = ['group', 'fails', 'false_fails'] as const;
export type PadColourMode = (typeof PAD_COLOUR_MODES)[number];
export const PAD_COLOUR_MODE_LABELS: Record<PadColourMode, string> = { group: 'Pad group', fails: 'Fail rate', false_fails: 'False-fail rate' };

export type BoardView = { mode: PadColourMode; jig: number | null; cartridge: number | null };

export function readBoardView(q: URLSearchParams): BoardView {
  const raw = q.get('pads');
  const mode = PAD_COLOUR_MODES.find((m) => m === raw) ?? 'group';
  return { mode, jig: positiveIntParam(q, 'jig'), cartridge: positiveIntParam(q, 'cartridge') };
}

/** The URL's parameters for a view: the default (by pad group, no filter) leaves them out. */
export function boardViewPatch(view: BoardView) {
  return { pads: view.mode === 'group' ? null : view.mode, jig: view.jig, cartridge: view.cartridge };
}

/** The project's hardware tab with its board coloured and filtered so. */
export function boardHref(projectId: number, view: Partial<BoardView>): string {
  const q = new URLSearchParams();
  if (view.mode && view.mode !== 'group') q.set('pads', view.mode);
  if (view.jig) q.set('jig', String(view.jig));
  if (view.cartridge) q.set('cartridge', String(view.cartridge));
  const search = q.toString();
  return `/projects/${projectId}/hardware${search ? `?${search}` : ''}`;
}
