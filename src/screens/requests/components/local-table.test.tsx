import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalTable, type LocalColumn } from './local-table';

type Row = { id: number; name: string };
const COLUMNS: LocalColumn<Row>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Id', cell: (r) => r.id },
];

describe('LocalTable', () => {
  afterEach(cleanup);

  it('shows its rows under the headers', () => {
    render(<LocalTable label="Pads" rows={[{ id: 1, name: 'TP1' }]} columns={COLUMNS} rowKey={(r) => r.id} empty="None yet." />);
    const table = screen.getByRole('table', { name: 'Pads' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'TP1' })).toBeTruthy();
    expect(screen.queryByText('None yet.')).toBeNull();
  });

  it('says it is empty below the table, not in a row as wide as the sideways-scrolling table', () => {
    render(<LocalTable label="Pads" rows={[]} columns={COLUMNS} rowKey={(r) => r.id} empty="None yet." />);
    const table = screen.getByRole('table', { name: 'Pads' });
    expect(within(table).getAllByRole('row')).toHaveLength(1); // the headers
    expect(within(table).queryByText('None yet.')).toBeNull();
    expect(screen.getByText('None yet.')).toBeTruthy();
  });
});
