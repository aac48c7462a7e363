import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PogoBoard, ProjectRequest, TestPad } from '../../../../contract/requests';

/** The pogo board step: probe counts, findings errors first, and a finding's pads ringed on the drawing. */

const pad = (id: number, x: number, more: Partial<TestPad> = {}): TestPad => ({
  id, request_id: 1, name: `TP${id}`, net: 'N', x, y: 0, side: 'top', diameter: 1, kind: 'pad', probe: 'P100', group_id: null, ...more,
});

const BOARD: PogoBoard = {
  pads: [pad(1, 0), pad(2, 0.5, { probe: null }), pad(3, 10, { net: null }), pad(4, 20, { kind: 'tooling', probe: null })],
  groups: [],
  counts: { P100: 2, P75: 0, P50: 0, none: 1 },
  tooling_holes: 1,
  findings: [
    { severity: 'warning', rule: 'no_net', pad_ids: [3], message: 'TP3 has no net.' },
    { severity: 'error', rule: 'tooling_holes', pad_ids: [], message: 'The board has 1 tooling hole; a fixture needs at least 2.' },
    { severity: 'error', rule: 'no_probe_fits', pad_ids: [1, 2], message: 'TP1 and TP2 are 0.5 mm apart: no probe fits.' },
  ],
  blocking: true,
};

vi.mock('../../../api/requests', () => ({ pogoBoardOptions: (id: number) => ({ queryKey: ['requests', 'detail', id, 'pogoboard'], queryFn: async () => BOARD }) }));
// Files share a worker's modules (vitest.config.ts): another file's mock of the same module may
// be loaded already, so the screen is imported afresh to meet this file's mocks.
vi.resetModules();
const { PogoBoardStep } = await import('./pogo-board-step');

describe('PogoBoardStep', () => {
  afterEach(cleanup);

  it('counts probes per size, lists errors before warnings and rings a finding’s pads when clicked', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PogoBoardStep request={{ id: 1 } as ProjectRequest} onDataChanged={() => {}} />
      </QueryClientProvider>,
    );
    const counts = await screen.findByRole('list', { name: 'Probes per size' });
    expect(within(counts).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['P100: 2', 'P75: 0', 'P50: 0', 'No probe fits: 1', 'Tooling holes: 1']);
    // A list holds its items only: the colour choice beside the counts is outside it.
    expect([...counts.children].every((child) => child.getAttribute('role') === 'listitem' || child.tagName === 'LI')).toBe(true);
    expect(counts.contains(screen.getByRole('combobox', { name: 'Colour by' }))).toBe(false);
    expect(screen.getByText('2 errors block the next step; warnings do not.')).toBeTruthy();
    const findings = screen.getByRole('heading', { name: 'Findings (3)' }).parentElement!;
    expect([...findings.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ErrorThe board has 1 tooling hole; a fixture needs at least 2.',
      'ErrorTP1 and TP2 are 0.5 mm apart: no probe fits.',
      'WarningTP3 has no net.',
    ]);
    // The tooling-hole finding has no pads to show: not a button.
    expect(screen.queryByRole('button', { name: /tooling hole/ })).toBeNull();
    const drawing = screen.getByRole('img', { name: 'Pogo board' });
    const rings = () => drawing.querySelectorAll('g.text-red-600 circle').length;
    expect(rings()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: /no probe fits/ }));
    expect(rings()).toBe(2);
    expect(screen.getByRole('button', { name: /no probe fits/ }).getAttribute('aria-pressed')).toBe('true');
  });
});
