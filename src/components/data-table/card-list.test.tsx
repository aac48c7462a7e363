import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ListParams } from '../../../contract/list-query';
import { DataTable } from './data-table';
import type { Column } from './types';

type Row = { id: number; serial: string; status: 'passed' | 'failed'; batch: string; tested_at: string; note: string };
const all: Row[] = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  serial: `SN-${i + 1}`,
  status: i === 1 ? 'failed' : 'passed',
  batch: `lot ${i + 1}`,
  tested_at: `2026-11-0${i + 1}`,
  note: `internal ${i + 1}`,
}));

const columns: Column<Row>[] = [
  { key: 'serial', header: 'Serial', sortable: true, card: 'title' },
  { key: 'batch', header: 'Batch', card: 'field' },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (r) => <mark>{r.status === 'failed' ? 'Failed' : 'Passed'}</mark> },
  { key: 'tested_at', header: 'Tested at', sortable: true, card: 'meta' },
  { key: 'note', header: 'Note', card: 'hidden' },
  { key: 'actions', header: 'Actions', cell: (r) => (r.status === 'failed' ? <button type="button">Retest {r.serial}</button> : null) },
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

function setup(path = '/devices') {
  const fetchPage = vi.fn(async (p: ListParams) => {
    const rows = [...all].sort((a, b) => {
      const key = (p.sortby ?? 'serial') as keyof Row;
      return (a[key] < b[key] ? -1 : 1) * (p.sortdesc ? -1 : 1);
    });
    return { data: rows, meta: { page: 1, limit: p.limit, total: rows.length } };
  });
  const query = (p: ListParams) => queryOptions({ queryKey: ['devices', p], queryFn: () => fetchPage(p) });
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <DataTable label="Devices" columns={columns} query={query} rowKey={(r) => r.id} rowHref={(r) => `/devices/${r.id}`} defaults={{ sortby: 'tested_at', sortdesc: true }} />
      </Router>
    </QueryClientProvider>,
  );
  return { fetchPage, location };
}

describe('DataTable on a phone', () => {
  beforeEach(() => asPhone(true));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each row as a card laid out by the columns’ roles, and no table', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Devices' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual(['SN-3', 'SN-2', 'SN-1']);
    const failed = cards[1];
    expect(within(failed).getByRole('link', { name: 'SN-2' }).getAttribute('href')).toBe('/devices/2');
    // The badge whole, the field under its header, the meta as "Header value", the hidden column absent.
    expect(within(failed).getByText('Failed').tagName).toBe('MARK');
    expect(within(failed).getByText('Batch').tagName).toBe('DT');
    expect(within(failed).getByText('lot 2').tagName).toBe('DD');
    expect(failed.textContent).toContain('Tested at 2026-11-02');
    expect(failed.textContent).not.toContain('internal');
    // Actions default by key; a row with none shows none.
    expect(within(failed).getByRole('button', { name: 'Retest SN-2' })).toBeTruthy();
    expect(within(cards[0]).queryByRole('button')).toBeNull();
  });

  it('sorts with a select of each sortable column in each order, kept in the URL', async () => {
    const { location, fetchPage } = setup();
    await screen.findByRole('list', { name: 'Devices' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('tested_at:desc');
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Serial, ascending',
      'Serial, descending',
      'Status, ascending',
      'Status, descending',
      'Tested at, ascending',
      'Tested at, descending',
    ]);
    await userEvent.selectOptions(sort, 'serial:asc');
    expect(location.history.at(-1)).toBe('/devices?sortby=serial&sortdesc=false');
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ sortby: 'serial', sortdesc: false, page: 1 }));
    const list = screen.getByRole('list', { name: 'Devices' });
    await within(list).findByText('SN-1', { selector: 'li:first-child a' });
  });

  it('offers the default order when the table sorts by a field it shows no column of', async () => {
    const location = memoryLocation({ path: '/devices', record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = (p: ListParams) =>
      queryOptions({ queryKey: ['devices-default', p], queryFn: async () => ({ data: all, meta: { page: 1, limit: p.limit, total: all.length } }) });
    render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DataTable label="Devices" columns={columns} query={query} rowKey={(r) => r.id} defaults={{ sortby: 'created_at', sortdesc: true }} />
        </Router>
      </QueryClientProvider>,
    );
    await screen.findByRole('list', { name: 'Devices' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.selectedOptions[0].text).toBe('Default order');
    await userEvent.selectOptions(sort, 'serial:desc');
    expect(location.history.at(-1)).toBe('/devices?sortby=serial&sortdesc=true');
    await userEvent.selectOptions(sort, 'Default order');
    expect(location.history.at(-1)).toBe('/devices');
  });

  it('opens a row on a tap in its card, but not on a tap on one of its buttons', async () => {
    const { location } = setup();
    const list = await screen.findByRole('list', { name: 'Devices' });
    await userEvent.click(within(list).getByRole('button', { name: 'Retest SN-2' }));
    expect(location.history.at(-1)).toBe('/devices');
    await userEvent.click(within(list).getByText('lot 2'));
    expect(location.history.at(-1)).toBe('/devices/2');
  });
});

describe('DataTable on a wider screen', () => {
  beforeEach(() => asPhone(false));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the table, with every column, and no sort select', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Devices' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Serial', 'Batch', 'Status', 'Tested at', 'Note', 'Actions']);
    expect(screen.queryByLabelText('Sort by')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Devices' })).toBeNull();
  });
});
