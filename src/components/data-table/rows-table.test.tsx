import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowsTable } from './rows-table';
import type { Column } from './types';

type Row = { id: number; name: string; short: boolean };
const rows: Row[] = [
  { id: 1, name: 'Voltage', short: true },
  { id: 2, name: 'Current', short: false },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Resource type' },
  { key: 'verdict', header: 'Verdict', cell: (r) => (r.short ? 'Short' : 'Enough') },
];

/** jsdom has no layout: the phone is a media query that matches, as Chromium's below 640 px. */
function asPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const renderTable = () =>
  render(
    <RowsTable
      label="Capacity"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTone={(r) => (r.short ? 'danger' : undefined)}
      rowFooter={(r) => (r.short ? <p>Add a cartridge for {r.name}</p> : null)}
    />,
  );

describe('RowsTable', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows loaded rows as a table, a row’s footer under it and a row that needs attention tinted', () => {
    asPhone(false);
    renderTable();
    const table = screen.getByRole('table', { name: 'Capacity' });
    const voltage = within(table).getByText('Voltage').closest('tbody')!;
    expect(within(voltage).getByText('Add a cartridge for Voltage')).toBeTruthy();
    expect(voltage.className).toContain('bg-error-light');
    expect(within(table).getByText('Current').closest('tbody')!.className).not.toContain('bg-error-light');
  });

  it('shows each row as a card on a phone, its footer included', () => {
    asPhone(true);
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Capacity' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Add a cartridge for Voltage')).toBeTruthy();
    expect(cards[0].className).toContain('bg-error-light');
    expect(cards[1].className).not.toContain('bg-error-light');
    expect(within(cards[1]).getByText('Enough')).toBeTruthy();
  });

  it('says so when there are no rows', () => {
    asPhone(false);
    render(<RowsTable label="Capacity" columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="No pad groups yet." />);
    expect(screen.getByText('No pad groups yet.')).toBeTruthy();
  });

  it('pages rows it holds when asked: a page drawn, the next on request, an empty table said below it', async () => {
    asPhone(false);
    const many = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `TP${i + 1}`, short: false }));
    render(<RowsTable label="Pads" columns={columns} rows={many} rowKey={(r) => r.id} pageSize={25} />);
    const table = screen.getByRole('table', { name: 'Pads' });
    expect(within(table).getAllByRole('row')).toHaveLength(26); // the headers and 25 rows
    expect(within(table).getByRole('cell', { name: 'TP25' })).toBeTruthy();
    expect(within(table).queryByRole('cell', { name: 'TP26' })).toBeNull();
    screen.getByRole('button', { name: /next/i }).click();
    expect(await within(screen.getByRole('table', { name: 'Pads' })).findByRole('cell', { name: 'TP26' })).toBeTruthy();
    cleanup();
    render(<RowsTable label="Pads" columns={columns} rows={[]} rowKey={(r) => r.id} pageSize={25} emptyText="No pads yet." />);
    expect(screen.getByText('No pads yet.')).toBeTruthy();
  });
});
