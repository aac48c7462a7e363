import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The CSV import's preview in the browser: what each column became (and changing it), the rows
 * refused and why, and the import of the accepted ones with the server's refusal on its line.
 */

const calls = vi.hoisted(() => ({ add: vi.fn(), imported: vi.fn() }));
vi.mock('../../../components/toast', () => ({ showSuccess: () => {} }));
vi.mock('../../../api/requests', () => ({ addTestPads: calls.add }));

// Files share a worker's modules (vitest.config.ts): another file's mock of the same module may
// be loaded already, so the screen is imported afresh to meet this file's mocks.
vi.resetModules();
const { CsvImport } = await import('./csv-import');

const CSV = [
  'Test point report',
  'Units: mil',
  'Designator,Signal,Pos X,Pos Y,Layer,Size',
  'TP1,GND,100,200,Top,40',
  'TP2,VCC,300,400,Bottom,40',
  'TP3,SDA,x,500,Top,40',
  'TP4,SCL,600,700,Middle,40',
].join('\n');

function setup(existingPads = 0) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CsvImport requestId={5} existingPads={existingPads} onImported={calls.imported} />
    </QueryClientProvider>,
  );
}

async function choose(text = CSV) {
  await userEvent.upload(screen.getByLabelText('Choose a CSV file'), new File([text], 'testpoints.csv', { type: 'text/csv' }));
  await screen.findByRole('table', { name: 'Columns of the file' });
}

const table = (name: string) => screen.getByRole('table', { name });
const bodyRows = (name: string) => within(table(name)).getAllByRole('row').slice(1);
const cellTexts = (name: string) => bodyRows(name).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

function refusal(status: number, body: object): AxiosError {
  const response = { status, data: body, headers: new AxiosHeaders(), statusText: '', config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

describe('CsvImport', { timeout: 30_000 }, () => {
  beforeEach(() => {
    calls.add.mockReset();
    calls.imported.mockReset();
  });
  afterEach(cleanup);

  it('shows what each column became and lists the refused rows with their reasons', async () => {
    setup();
    await choose();
    const meaning = (column: string) => (screen.getByLabelText(`Meaning of column ${column}`) as HTMLSelectElement).value;
    expect(['Designator', 'Signal', 'Pos X', 'Pos Y', 'Layer', 'Size'].map(meaning)).toEqual(['name', 'net', 'x', 'y', 'side', 'diameter']);
    expect((screen.getByLabelText('Unit of column Pos X') as HTMLSelectElement).value).toBe('mil');
    expect(screen.getByRole('status').textContent).toBe('4 rows: 2 accepted, 2 refused.');
    expect(cellTexts('Refused rows').map(([line, why]) => [line, why])).toEqual([
      ['6', "x is not a number: 'x'"],
      ['7', "side 'Middle' is neither top nor bottom"],
    ]);
    // 100 mil is 2.54 mm.
    expect(cellTexts('Accepted rows')[0]).toEqual(['4', 'TP1', 'GND', '2.54', '5.08', 'Top', '1.016', 'Pad']);
    expect(screen.getByRole('button', { name: 'Import 2 pads' })).toBeTruthy();
  });

  it('a column given another meaning, or a unit, reads the file again', async () => {
    setup();
    await choose();
    await userEvent.selectOptions(screen.getByLabelText('Meaning of column Layer'), '');
    expect(screen.getByRole('status').textContent).toBe('4 rows: 3 accepted, 1 refused.');
    expect(cellTexts('Refused rows').map(([line]) => line)).toEqual(['6']);

    await userEvent.selectOptions(screen.getByLabelText('Meaning of column Signal'), 'name');
    expect((screen.getByLabelText('Meaning of column Designator') as HTMLSelectElement).value).toBe('');
    expect(cellTexts('Accepted rows').map((r) => r[1])).toEqual(['GND', 'VCC', 'SCL']);

    await userEvent.selectOptions(screen.getByLabelText('Unit of column Pos X'), 'mm');
    expect(cellTexts('Accepted rows')[0]?.slice(3, 5)).toEqual(['100', '5.08']);
  });

  it('imports the accepted pads, replacing the old ones when asked; a server refusal names its line', async () => {
    setup(12);
    await choose();
    calls.add.mockRejectedValueOnce(refusal(422, { message: 'Some fields are not valid.', errors: { 'pads.1.name': ['TP2 is on the request already.'] } }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Replace the request’s 12 pads/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 pads' }));
    const refused = await screen.findByRole('list', { name: 'Refused by the server' });
    expect(refused.textContent).toBe('Line 5 (TP2): TP2 is on the request already.');
    const [requestId, input] = calls.add.mock.calls[0]!;
    expect(requestId).toBe(5);
    expect(input.replace).toBe(true);
    expect(input.pads.map((p: { name: string }) => p.name)).toEqual(['TP1', 'TP2']);

    calls.add.mockResolvedValueOnce([{}, {}]);
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 pads' }));
    await waitFor(() => expect(calls.imported).toHaveBeenCalled());
    expect(screen.queryByRole('table', { name: 'Columns of the file' })).toBeNull();
  });

  it('says why a file cannot be read', async () => {
    setup();
    await userEvent.upload(screen.getByLabelText('Choose a CSV file'), new File(['just,some\ncells,here'], 'notes.csv'));
    expect(await screen.findByText(/No line names a name, an x and a y column/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 0 pads' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
