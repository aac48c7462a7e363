import { patchSearch, positiveIntParam, type SearchPatch } from '../../../lib/url-search';

/**
 * The device panel lives in the query of the project route (`?device=12&report=34`): SPEC §2
 * has no route for a device or a report, and a URL still makes Back, Forward and links work.
 */
export type PanelState = { device: number | null; report: number | null };

export function readPanel(search: string): PanelState {
  const q = new URLSearchParams(search);
  const device = positiveIntParam(q, 'device');
  // A report is only shown inside its device's panel.
  return { device, report: device ? positiveIntParam(q, 'report') : null };
}

export const openDevice = (device: number): SearchPatch => ({ device, report: null });
export const openReport = (device: number, report: number): SearchPatch => ({ device, report });
export const backToDevice: SearchPatch = { report: null };
export const closePanel: SearchPatch = { device: null, report: null };

/** The query with the panel changed and everything else (the table's page, sort, filters) kept. */
export const panelSearch = (search: string, patch: SearchPatch) => patchSearch(search, patch);
