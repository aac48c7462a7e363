import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Acknowledgement, ScanAnswer, Station, StationJigChoice, StationReport } from '../../../contract/station';
import type { StationEvent } from '../../../machines/station.machine';
import { STATION_KEY } from './station-settings';

/**
 * The station screen on the real station machine, its calls answered here: what the operator
 * sees at each step, the keys of a FAIL, the words in both languages, the jig remembered.
 */

const calls = vi.hoisted(() => ({
  scans: [] as { jig_id: number; serial: string }[],
  acks: [] as { jig_id: number; scan_id: number; acknowledgement: Acknowledgement }[],
  answer: null as unknown,
  live: null as ((event: StationEvent) => void) | null,
  releasePass: null as (() => void) | null,
}));

const JIGS: StationJigChoice[] = [
  { id: 4, name: 'Line 1 ICT', project_name: 'Motor controller MC-200', last_seen_at: null },
  { id: 5, name: 'Rework bench', project_name: null, last_seen_at: null },
];
const STATION: Station = {
  jig: { id: 4, name: 'Line 1 ICT', registered_name: 'JB-1004', last_seen_at: null },
  project: { id: 1, name: 'Motor controller MC-200' },
  production_batch: { id: 2, name: 'PB-7' },
  profile: { id: 3, name: 'ICT full', version: '2', attempt_limit: 2 },
  fit: { ok: false, problems: [{ code: 'calibration_overdue', words: 'Cartridge C-9 is overdue for calibration.' }] },
  last_report: null,
};
const BOARD = { serial: 'SN-1', attempts_used: 0, attempt_limit: 2, last_result: null, in_repair: false, repairs: 1 };
const step = { name: 'VCC 3V3', measured: 3.61, low: 3.2, high: 3.4, unit: 'V' };
const report = (report_id: number, serial: string, result: 'pass' | 'fail'): StationReport => ({
  report_id,
  jig_id: 4,
  serial,
  result,
  failing_steps: result === 'fail' ? [step] : [],
});

vi.mock('../../app/app-actor', () => ({
  appActor: { send: () => {} },
  useNavigate: () => () => {},
  useAppSelector: () => null,
}));
vi.mock('../../api/stations', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/stations')>()),
  stationJigsOptions: () => ({ queryKey: ['stations', 'jigs'], queryFn: async () => JIGS }),
  stationOptions: (jigId: number) => ({ queryKey: ['stations', 'detail', jigId], queryFn: async () => STATION }),
}));
vi.mock('./station-actors', () => ({
  stationActors: () => ({
    checkScan: fromPromise<ScanAnswer, { jig_id: number; serial: string }>(async ({ input }) => {
      calls.scans.push(input);
      return calls.answer as ScanAnswer;
    }),
    acknowledge: fromPromise<unknown, { jig_id: number; scan_id: number; acknowledgement: Acknowledgement }>(async ({ input }) => {
      calls.acks.push(input);
      return {};
    }),
    passHold: fromPromise<void, void>(() => new Promise<void>((resolve) => void (calls.releasePass = resolve))),
    liveStream: fromCallback<EventObject, { jigId: number }>(({ sendBack }) => {
      calls.live = sendBack as (event: StationEvent) => void;
    }),
  }),
}));

const { StationScreen } = await import('./station-screen');

function renderStation() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StationScreen />
    </QueryClientProvider>,
  );
}
const live = (event: StationEvent) => act(() => calls.live!(event));
const scanField = () => screen.getByRole('textbox', { name: /serial/i });

beforeEach(() => {
  calls.scans = [];
  calls.acks = [];
  calls.answer = { outcome: 'go', scan_id: 70, board: BOARD };
  calls.live = null;
  localStorage.clear();
});
afterEach(cleanup);

// A whole run typed and clicked through: seconds each on a busy 2-core machine.
describe('the station screen', { timeout: 20_000 }, () => {
  it('asks for the jig, remembers it on this browser, and shows what the jig serves and why it is not fit', async () => {
    const user = userEvent.setup();
    renderStation();
    await user.click(await screen.findByRole('button', { name: /Line 1 ICT/ }));
    expect(await screen.findByRole('heading', { name: /Line 1 ICT/ })).toBeTruthy();
    expect(screen.getByText('PB-7')).toBeTruthy();
    expect(screen.getByText(/ICT full \(version 2\), up to 2 attempts per board/)).toBeTruthy();
    expect(screen.getByText('Not fit to test')).toBeTruthy();
    expect(screen.getByText("A cartridge's calibration is overdue.")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STATION_KEY)!)).toEqual({ jigId: 4, language: 'en' });
    // The field has the focus for the scanner.
    expect(document.activeElement).toBe(scanField());

    await user.click(screen.getByRole('button', { name: 'Change jig' }));
    expect(await screen.findByRole('heading', { name: 'Which jig do you stand at?' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STATION_KEY)!)).toEqual({ jigId: null, language: 'en' });
  });

  it('scan → waiting with the history → FAIL with its steps → R retests → FAIL at the limit: Retest refused, S sends to repair with a reason', async () => {
    localStorage.setItem(STATION_KEY, JSON.stringify({ jigId: 4, language: 'en' }));
    const user = userEvent.setup();
    renderStation();
    await user.type(scanField(), ' SN-1 {Enter}');
    expect(calls.scans).toEqual([{ jig_id: 4, serial: 'SN-1' }]);
    expect(await screen.findByRole('heading', { name: 'Waiting for the run' })).toBeTruthy();
    const history = screen.getByLabelText('Board SN-1');
    expect(within(history).getByText('0 of 2')).toBeTruthy();

    live({ type: 'live.report', report: report(1, 'SN-1', 'fail') });
    expect(await screen.findByRole('heading', { name: 'FAIL' })).toBeTruthy();
    const steps = screen.getByRole('table', { name: 'Failing steps' });
    expect(within(steps).getByRole('row', { name: 'VCC 3V3 3.61 V 3.2 to 3.4 V' })).toBeTruthy();
    expect(within(screen.getByLabelText('Board SN-1')).getByText('1 of 2')).toBeTruthy();

    // A retest scans the board again; the server counts the run that failed.
    calls.answer = { outcome: 'go', scan_id: 72, board: { ...BOARD, attempts_used: 1, last_result: 'fail' } };
    await user.keyboard('r');
    expect(calls.acks).toEqual([{ jig_id: 4, scan_id: 70, acknowledgement: { choice: 'retest' } }]);
    expect(await screen.findByRole('heading', { name: 'Waiting for the run' })).toBeTruthy();
    expect(calls.scans).toEqual([{ jig_id: 4, serial: 'SN-1' }, { jig_id: 4, serial: 'SN-1' }]);
    // The letter went to no field.
    expect((scanField() as HTMLInputElement).value).toBe('');

    live({ type: 'live.report', report: report(2, 'SN-1', 'fail') });
    const retest = await screen.findByRole('button', { name: /Retest/ });
    expect((retest as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('All 2 attempts are used: the board goes to repair.')).toBeTruthy();
    await user.keyboard('r');
    expect(calls.acks).toHaveLength(1);

    await user.keyboard('s');
    const dialog = await screen.findByRole('dialog', { name: 'Send SN-1 to repair' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to repair' }));
    expect(within(dialog).getByText('Say why the board goes to repair.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), 'VCC high twice{Enter}');
    expect(calls.acks[1]).toEqual({ jig_id: 4, scan_id: 72, acknowledgement: { choice: 'repair', reason: 'VCC high twice' } });
    expect(await screen.findByRole('heading', { name: 'To repair' })).toBeTruthy();
    expect(screen.getByText('Reason: VCC high twice')).toBeTruthy();
    // Enter on the empty field: the next board.
    await user.type(scanField(), '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Ready' })).toBeTruthy();
  });

  it('shows a big PASS that clears itself to Ready', async () => {
    localStorage.setItem(STATION_KEY, JSON.stringify({ jigId: 4, language: 'en' }));
    const user = userEvent.setup();
    renderStation();
    await user.type(scanField(), 'SN-1{Enter}');
    await screen.findByRole('heading', { name: 'Waiting for the run' });
    live({ type: 'live.report', report: report(1, 'SN-1', 'pass') });
    expect(await screen.findByRole('heading', { name: 'PASS' })).toBeTruthy();
    await act(async () => calls.releasePass!());
    expect(await screen.findByRole('heading', { name: 'Ready' })).toBeTruthy();
  });

  it('a scan answered with the run reported just before goes straight to its result', async () => {
    localStorage.setItem(STATION_KEY, JSON.stringify({ jigId: 4, language: 'en' }));
    calls.answer = { outcome: 'go', scan_id: 71, board: { ...BOARD, attempts_used: 1, last_result: 'pass' }, report: report(9, 'SN-1', 'pass') };
    const user = userEvent.setup();
    renderStation();
    await user.type(scanField(), 'SN-1{Enter}');
    expect(await screen.findByRole('heading', { name: 'PASS' })).toBeTruthy();
    expect(within(screen.getByLabelText('Board SN-1')).getByText('1 of 2')).toBeTruthy();
  });

  it('stops a board with the reason in the words of the station, in German too, remembered', async () => {
    localStorage.setItem(STATION_KEY, JSON.stringify({ jigId: 4, language: 'en' }));
    calls.answer = { outcome: 'stop', code: 'in_repair', words: 'SN-3 is in repair since 7 December.' };
    const user = userEvent.setup();
    renderStation();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de');
    expect(JSON.parse(localStorage.getItem(STATION_KEY)!)).toEqual({ jigId: 4, language: 'de' });
    await user.type(screen.getByRole('textbox', { name: /Seriennummer/ }), 'SN-3{Enter}');
    expect(await screen.findByRole('heading', { name: 'STOPP' })).toBeTruthy();
    expect(screen.getByText('Platine SN-3 wartet auf Reparatur.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows a report of a board not scanned, dismissed with Escape; says when the connection is lost and the scan waits', async () => {
    localStorage.setItem(STATION_KEY, JSON.stringify({ jigId: 4, language: 'en' }));
    const user = userEvent.setup();
    renderStation();
    await screen.findByRole('heading', { name: 'Ready' });
    live({ type: 'live.report', report: report(3, 'SN-9', 'fail') });
    expect(await screen.findByRole('region', { name: 'Report of a board not scanned' })).toBeTruthy();
    expect(screen.getByText('Board SN-9: FAIL')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Ready' })).toBeTruthy();

    live({ type: 'live.down' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Connection lost. Scans wait until it is back.');
    await user.type(scanField(), 'SN-1{Enter}');
    expect(screen.getByText('SN-1 is checked when the connection is back.')).toBeTruthy();
    expect(calls.scans).toEqual([]);
    live({ type: 'live.up' });
    expect(await screen.findByRole('heading', { name: 'Waiting for the run' })).toBeTruthy();
    expect(calls.scans).toEqual([{ jig_id: 4, serial: 'SN-1' }]);
  });
});
